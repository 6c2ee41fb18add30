/**
 * The presentational attributes of `<font>` as browsers map them to style (HTML "The font element" in the
 * rendering section): `color` → `color`, `face` → `font-family`, `size` → a font-size keyword by the rules for
 * parsing a legacy font size (`+2` is 3 + 2; 1…7 → x-small … xxx-large). Pages written by hand or converted from
 * LaTeX (latex2html CVs, old résumés and e-mails) size their headings so (`<FONT SIZE="+2">`). They are hints: a
 * property the page's CSS sets is the page's.
 */
import { type Element, getAttr } from '../dom.js';

/** Legacy font sizes 1…7 as CSS keywords (Chrome's HTMLFontElement). */
const SIZE_KEYWORDS = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

/** The rules for parsing a legacy font size: `3`, `+2`, `-1` → 1…7, or undefined when there are no digits. */
export function legacyFontSize(value: string): number | undefined {
  const match = /^[\t\n\f\r ]*([+-]?)(\d+)/.exec(value);
  if (!match) return undefined;
  const digits = Number.parseInt(match[2] ?? '', 10);
  const size = match[1] === '+' ? 3 + digits : match[1] === '-' ? 3 - digits : digits;
  return Math.min(7, Math.max(1, size));
}

/**
 * The style a `<font>`'s attributes ask for, each property where `declares` (the page's CSS for the element) says
 * none of the properties that set it is declared.
 */
export function fontAttributeStyle(
  font: Element,
  declares: (...properties: string[]) => boolean,
): Record<string, string> {
  const style: Record<string, string> = {};
  const color = getAttr(font, 'color')?.trim();
  if (color && !declares('color')) style.color = color;
  const face = getAttr(font, 'face')?.trim();
  if (face && !declares('font', 'font-family')) style.fontFamily = face;
  const sizeAttr = getAttr(font, 'size');
  const size = sizeAttr === undefined ? undefined : legacyFontSize(sizeAttr);
  if (size !== undefined && !declares('font', 'font-size'))
    style.fontSize = SIZE_KEYWORDS[size - 1] ?? 'medium';
  return style;
}

/** A `<font>` hint as the CSS property it stands for (`font-family`, `font-size`, `color`), or undefined. */
export function fontAttributeHint(
  font: Element,
  property: string,
  declares: (...properties: string[]) => boolean,
): string | undefined {
  const style = fontAttributeStyle(font, declares);
  return property === 'font-family'
    ? style.fontFamily
    : property === 'font-size'
      ? style.fontSize
      : property === 'color'
        ? style.color
        : undefined;
}
