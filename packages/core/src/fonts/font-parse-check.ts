/** A trial parse with the very parser satori uses (its opentype.js), so a font that would break satori fails early. */
import { createRequire } from 'node:module';

type ParseFont = (buffer: ArrayBuffer) => { numGlyphs?: number };

/** Fonts larger than this are only checked structurally: a trial parse of a 10 MB CJK font takes ~250 ms. */
export const TRIAL_PARSE_MAX_BYTES = 4 * 1024 * 1024;

let parser: ParseFont | null | undefined;

/** satori's own opentype.js (a dependency of satori, resolved from satori's folder), or null if not found. */
function satoriFontParser(): ParseFont | null {
  if (parser !== undefined) return parser;
  try {
    const fromHere = createRequire(import.meta.url);
    const fromSatori = createRequire(fromHere.resolve('satori/package.json'));
    const opentype = fromSatori('@shuding/opentype.js') as { parse?: ParseFont };
    parser = typeof opentype.parse === 'function' ? opentype.parse : null;
  } catch {
    parser = null;
  }
  return parser;
}

/**
 * Parse `font` as satori will; returns the parser's error message, or `undefined` when it parses (or is
 * too large to trial-parse cheaply, or the parser is unavailable).
 */
export function trialParseError(font: Buffer): string | undefined {
  if (font.length > TRIAL_PARSE_MAX_BYTES) return undefined;
  const parse = satoriFontParser();
  if (!parse) return undefined;
  try {
    const copy = font.buffer.slice(font.byteOffset, font.byteOffset + font.byteLength) as ArrayBuffer;
    const parsed = parse(copy);
    if (!parsed || !parsed.numGlyphs) return 'the font has no glyphs';
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
