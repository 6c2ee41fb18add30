/**
 * `var()` substitution in the HTML stage, where a few properties are read before satori sees the style (table
 * widths and borders, the monospace font size): each `var(--x, fallback)` is replaced by the nearest declared `--x`
 * up the tree (custom properties inherit), or by its fallback.
 */
import { type Element, isElement } from '../dom.js';

/** The nearest declared value of `property` on `el` or an ancestor, as `declared` reads an element's. */
export function nearestDeclared(
  el: Element,
  property: string,
  declared: (el: Element, property: string) => string | undefined,
): string | undefined {
  for (
    let p: Element | null = el;
    p;
    p = isElement(p.parentNode as Element) ? (p.parentNode as Element) : null
  ) {
    const value = declared(p, property);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * `value` with each `var(--x, fallback)` replaced by `lookup('--x')` or the fallback, 4 levels deep. A `var()` with
 * neither becomes empty, and its name is added to `missing` when given: such a value is invalid at computed-value
 * time, which some callers need to know.
 */
export function substituteVars(
  value: string,
  lookup: (name: string) => string | undefined,
  missing?: string[],
): string {
  let v = value;
  for (let depth = 0; v.includes('var(') && depth < 4; depth++)
    v = v.replace(/var\(\s*(--[\w-]+)\s*(?:,([^()]*))?\)/g, (_, name: string, fallback?: string) => {
      const found = lookup(name) ?? fallback;
      if (found === undefined) missing?.push(name);
      return (found ?? '').trim();
    });
  return v;
}
