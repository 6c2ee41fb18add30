/**
 * Walking the declarations of CSS text (a style sheet or a declaration list) to rewrite their values, leaving
 * selectors, at-rule preludes, comments and strings as they are.
 */

/**
 * Call `map(property, value)` for every `property: value` declaration of `css` and put its result in place of
 * the value. `property` is lower-case and trimmed; the value is passed as written (with its spacing).
 */
export function mapDeclarations(css: string, map: (property: string, value: string) => string): string {
  let out = '';
  let start = 0;
  let depth = 0;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") i = skipString(css, i);
    else if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && ch === '{') {
      out += css.slice(start, i + 1); // a selector or an at-rule prelude
      start = i + 1;
    } else if (depth === 0 && (ch === ';' || ch === '}')) {
      out += mapDeclaration(css.slice(start, i), map) + ch;
      start = i + 1;
    }
  }
  return out + mapDeclaration(css.slice(start), map);
}

function mapDeclaration(text: string, map: (property: string, value: string) => string): string {
  const colon = text.indexOf(':');
  if (colon < 0) return text;
  const name = text.slice(0, colon);
  const property = name
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .trim()
    .toLowerCase();
  if (!/^-?-?[a-z_][a-z0-9_-]*$/.test(property)) return text;
  return `${name}:${map(property, text.slice(colon + 1))}`;
}

/** Index of the closing quote of the string opening at `start` (or the end of the text). */
function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote || css[i] === '\n') return i;
  }
  return css.length;
}

/** CSS properties whose `url()` satori draws as an image (list markers too); custom properties may flow into them via `var()`. */
export function isImageProperty(property: string): boolean {
  return (
    property.startsWith('--') ||
    /^(-webkit-)?(background|background-image|mask|mask-image)$/.test(property) ||
    // Pictor (list-style-image): a list's picture markers (MediaWiki's bullet.gif), drawn by the layout engine.
    /^list-style(-image)?$/.test(property)
  );
}

/** `backgroundImage` / `WebkitMaskImage` → `background-image` / `-webkit-mask-image` (custom properties kept). */
export function kebabProperty(key: string): string {
  if (key.startsWith('--')) return key;
  const kebab = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return /^(webkit|moz|ms)-/.test(kebab) ? `-${kebab}` : kebab;
}
