/** Custom fonts (DECISIONS.md "Fonts"): spec validation, fetch or decode, WOFF2 → TTF, validation, caching. */
import { PictorError } from '../errors.js';
import type { ResourceFetcher } from '../fetch/types.js';
import type { FontSpec } from '../types.js';

/** A font ready for satori. The same content always yields the same `data` Buffer object (satori caches by identity). */
export interface LoadedFont {
  /** CSS family name. */
  name: string;
  /** TTF, OTF or WOFF bytes (WOFF2 already decompressed). */
  data: Buffer;
  weight: number;
  style: 'normal' | 'italic';
  /** sha256 hex of `data`. */
  hash: string;
}

/**
 * Validate and load font specs (fetching `url`s through `fetcher`).
 * @param fieldPrefix field name used in errors, default `fonts` (→ `fonts[2].url`).
 * @throws PictorError `INVALID_INPUT` for a bad spec, `FONT_ERROR` naming the family when a font can't be fetched or parsed.
 */
export async function loadFontSpecs(
  _specs: FontSpec[],
  _fetcher: ResourceFetcher,
  _fieldPrefix = 'fonts',
): Promise<LoadedFont[]> {
  throw new PictorError('FONT_ERROR', 'custom fonts are not implemented yet');
}

/**
 * Turn font file bytes into satori-ready bytes: sniff the format, decompress WOFF2, check the table directory.
 * Returns the same Buffer object for the same content.
 * @throws PictorError `FONT_ERROR` naming the family.
 */
export async function loadFontBytes(_bytes: Uint8Array, family: string): Promise<Buffer> {
  throw new PictorError('FONT_ERROR', `font "${family}": custom fonts are not implemented yet`);
}
