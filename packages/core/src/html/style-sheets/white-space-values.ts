/**
 * `white-space` values as Chromium parses them, in the keywords the layout engine reads: the six of CSS 2.1 and CSS
 * Text 3, and CSS Text 4's shorthand of `white-space-collapse` and `text-wrap-mode` (`preserve nowrap`), written as
 * the keyword that lays text out the same way.
 */

const KEYWORDS = new Set(['normal', 'pre', 'nowrap', 'pre-wrap', 'pre-line', 'break-spaces']);
const CSS_WIDE = /^(?:inherit|initial|unset|revert|revert-layer)$/;
const COLLAPSE = new Set(['collapse', 'preserve', 'preserve-breaks', 'preserve-spaces', 'break-spaces']);
const WRAP_MODE = new Set(['wrap', 'nowrap']);

/** The keyword for each `white-space-collapse` value: when text wraps, and when it does not. */
const LEGACY: Record<string, [wrap: string, nowrap: string]> = {
  collapse: ['normal', 'nowrap'],
  preserve: ['pre-wrap', 'pre'],
  'preserve-breaks': ['pre-line', 'pre-line'],
  'preserve-spaces': ['pre-wrap', 'pre'],
  'break-spaces': ['break-spaces', 'pre'],
};

/**
 * The keyword the layout engine reads for a `white-space` value (a CSS-wide keyword as it is), or undefined when
 * Chromium rejects the value (`-moz-pre-wrap`, `-pre-wrap`: old browsers' forms, written beside `pre-wrap`).
 */
export function whiteSpaceKeyword(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (KEYWORDS.has(v) || CSS_WIDE.test(v)) return v;
  const words = v.split(/\s+/);
  if (words.length > 2) return undefined;
  const collapse = words.filter((w) => COLLAPSE.has(w));
  const wrap = words.filter((w) => WRAP_MODE.has(w));
  if (collapse.length > 1 || wrap.length > 1 || collapse.length + wrap.length !== words.length)
    return undefined;
  const [wraps, noWrap] = LEGACY[collapse[0] ?? 'collapse']!;
  return wrap[0] === 'nowrap' ? noWrap : wraps;
}
