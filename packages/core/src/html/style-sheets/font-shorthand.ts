/** Parts of a `font` shorthand as written (`bold 0.875em/1.4 Georgia`), read without resolving them. */

/** A font size: a length or percentage, or a size keyword. */
const SIZE =
  '((?:\\d*\\.)?\\d+(?:px|em|rem|%|pt)|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)';

/** The size, the line height after a `/` if any, and the family that must follow. */
const SIZE_AND_LINE_HEIGHT = new RegExp(`(?:^|\\s)${SIZE}(?:\\s*\\/\\s*(\\S+))?\\s+\\S`, 'i');

/** The `font-size` part of a `font` shorthand (`bold 0.875em/1.4 Georgia`: `0.875em`), or undefined. */
export function shorthandFontSize(font: string): string | undefined {
  return SIZE_AND_LINE_HEIGHT.exec(font)?.[1];
}

/**
 * The line height a `font` shorthand sets (`100%/1.5 sans-serif`: `1.5`): `normal` when it names none, as the
 * shorthand resets it; undefined when the value is not read (a system font, a `var()`).
 */
export function shorthandLineHeight(font: string): string | undefined {
  const m = SIZE_AND_LINE_HEIGHT.exec(font);
  if (!m) return undefined;
  return m[2] ?? 'normal';
}
