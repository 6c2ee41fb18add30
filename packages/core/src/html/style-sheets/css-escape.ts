/**
 * CSS escapes in identifiers (CSS Syntax 3, "consume an escaped code point"): compiled Tailwind writes
 * `.sm\:text-4xl`, `.w-\[50\%\]`, `.space-y-0\.5`, `.bg-white\/20` — the class names `sm:text-4xl`, `w-[50%]`, … that
 * elements carry. css-tree keeps the escapes in a selector's name; matching needs the name they stand for.
 */

const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([^\n\r\f]))/g;

/** `sm\:text-4xl` → `sm:text-4xl`; `\31 0` → `10`; a NUL, surrogate or out-of-range escape → U+FFFD. */
export function unescapeCssIdentifier(name: string): string {
  if (!name.includes('\\')) return name;
  return name.replace(ESCAPE, (_, hex: string | undefined, char: string | undefined) => {
    if (hex === undefined) return char as string;
    const code = Number.parseInt(hex, 16);
    if (code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return '\uFFFD';
    return String.fromCodePoint(code);
  });
}
