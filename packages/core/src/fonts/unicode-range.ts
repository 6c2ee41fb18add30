/**
 * The `unicode-range` descriptor of `@font-face` (CSS Fonts 4 §4.5): which code points a face is used for. Web font
 * services split a family into faces by script (Latin, Latin Extended, Cyrillic, Greek, Vietnamese…), each with its
 * range; a browser composes them into one font.
 */

/** Inclusive code point ranges. */
export type UnicodeRange = [number, number][];

const MAX_CODE_POINT = 0x10ffff;

/**
 * Parse a `unicode-range` value (`U+0000-00FF, U+0131, U+4??`); undefined when it is invalid (the descriptor is then
 * ignored, as in browsers, and the face serves every code point). Ranges past U+10FFFF are cut there.
 */
export function parseUnicodeRange(text: string): UnicodeRange | undefined {
  const ranges: UnicodeRange = [];
  for (const part of text.split(',')) {
    const match = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!match) return undefined;
    const [, start = '', end] = match;
    if (start.includes('?')) {
      if (end !== undefined || !/^[0-9a-f]*\?+$/i.test(start)) return undefined;
      ranges.push([parseInt(start.replace(/\?/g, '0'), 16), parseInt(start.replace(/\?/g, 'f'), 16)]);
    } else {
      ranges.push([parseInt(start, 16), parseInt(end ?? start, 16)]);
    }
  }
  const valid = ranges
    .filter(([low, high]) => low <= high && low <= MAX_CODE_POINT)
    .map(([low, high]): [number, number] => [low, Math.min(high, MAX_CODE_POINT)]);
  return valid.length > 0 ? valid : undefined;
}
