/**
 * Custom fonts (docs/contract/decisions.md "Fonts"): spec validation, fetch or decode, WOFF/WOFF2 → sfnt, checks,
 * caching.
 */
import { PictorError } from '../errors.js';
import { sha256Hex } from '../lazy-crypto.js';
import { LRUCache } from 'lru-cache';
import { MAX_FONT_FAMILY_LENGTH } from '../input-schema.js';
import type { ResourceFetcher } from '../fetch/types.js';
import type { FontSpec } from '../types.js';
import { FontFormatError, toSfnt } from './font-format.js';
import { servedWeights } from './variation-axes.js';
import type { UnicodeRange } from './unicode-range.js';

/** A font ready for satori. The same content always yields the same `data` Buffer object (satori caches by identity). */
export interface LoadedFont {
  /** CSS family name. */
  name: string;
  /** TTF or OTF bytes (WOFF and WOFF2 already decompressed). */
  data: Buffer;
  weight: number;
  style: 'normal' | 'italic';
  /** sha256 hex of `data`. */
  hash: string;
  /** A variable face's weights (variation-axes.ts `servedWeights`): it matches every weight in them. */
  weightRange?: [number, number];
  /** The code points an `@font-face` rule's `unicode-range` gives the face (unicode-range.ts); all without one. */
  unicodeRange?: UnicodeRange;
}

/** Largest font file accepted from `data` (the fetcher bounds `url` fonts itself). */
export const MAX_FONT_INPUT_BYTES = 16 * 1024 * 1024;
const CACHE_ENTRIES = 128;
const CACHE_BYTES = 256 * 1024 * 1024;
const URL_TTL_MS = 10 * 60_000;

/**
 * Loaded fonts by `in:<sha256 of the input bytes>` and `out:<sha256 of the sfnt>`: the value is the one Buffer
 * handed to satori for that content. Bounded in entries and bytes; an evicted font is simply loaded again.
 */
const loaded = new LRUCache<string, Buffer>({ max: CACHE_ENTRIES, maxSize: CACHE_BYTES });
const loading = new Map<string, Promise<Buffer>>();
/** Per fetcher (so one renderer's allow-list never serves another): URL → loaded font, for URL_TTL_MS. */
const byUrl = new WeakMap<
  ResourceFetcher,
  { done: LRUCache<string, Buffer>; pending: Map<string, Promise<Buffer>> }
>();
const hashes = new WeakMap<Buffer, string>();

/**
 * Validate and load font specs (fetching `url`s through `fetcher`), in order.
 * @param fieldPrefix field name used in errors, default `fonts` (→ `fonts[2].url`).
 * @throws PictorError `INVALID_INPUT` naming the field for a bad spec; `FONT_ERROR` naming the family when a
 *   font can't be fetched or parsed.
 * @example
 * const fonts = await loadFontSpecs([{ family: 'Brand', url: 'https://cdn.example/brand.woff2', weight: 700 }], fetcher);
 */
export async function loadFontSpecs(
  specs: FontSpec[],
  fetcher: ResourceFetcher,
  fieldPrefix = 'fonts',
): Promise<LoadedFont[]> {
  if (!Array.isArray(specs)) throw invalid(fieldPrefix, 'must be an array of font objects', 'type');
  const checked = specs.map((spec, i) => checkSpec(spec, `${fieldPrefix}[${i}]`));
  return Promise.all(
    checked.map(async ({ spec, field, weight, style }) => {
      const data =
        spec.url !== undefined
          ? await loadFontUrl(spec.url, spec.family, fetcher, `${field}.url`)
          : await loadFontBytes(decodeData(spec.data!, `${field}.data`), spec.family, `${field}.data`);
      // A variable face given without a weight serves its whole wght axis.
      const weightRange = servedWeights(data, spec.weight);
      return {
        name: spec.family,
        data,
        weight,
        style,
        hash: hashOf(data),
        ...(weightRange ? { weightRange } : {}),
      };
    }),
  );
}

/**
 * Fetch a font by URL through `fetcher` and load it; cached per fetcher by URL.
 * @throws PictorError `FONT_ERROR` naming the family, the URL and why.
 */
export function loadFontUrl(
  url: string,
  family: string,
  fetcher: ResourceFetcher,
  field?: string,
): Promise<Buffer> {
  let cache = byUrl.get(fetcher);
  if (!cache) {
    cache = {
      done: new LRUCache({ max: CACHE_ENTRIES, maxSize: CACHE_BYTES, ttl: URL_TTL_MS }),
      pending: new Map(),
    };
    byUrl.set(fetcher, cache);
  }
  const { done, pending } = cache;
  const cached = done.get(url);
  if (cached) return Promise.resolve(cached);
  const inFlight = pending.get(url);
  if (inFlight) return inFlight;
  const load = (async () => {
    let bytes: Buffer;
    try {
      bytes = (await fetcher.fetch(url, 'font')).data;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PictorError('FONT_ERROR', `font "${family}" could not be fetched: ${reason}`, {
        field,
        family,
        url,
      });
    }
    return loadFontBytes(bytes, family, field);
  })();
  pending.set(url, load);
  load.then(
    (data) => {
      pending.delete(url);
      done.set(url, data, { size: data.length });
    },
    () => pending.delete(url),
  );
  return load;
}

/**
 * Turn font file bytes into satori-ready bytes: sniff the format, decompress WOFF/WOFF2, check the tables
 * (no trial parse: satori's opentype.js takes 40–90 ms per font, satori parses it anyway, and the structural
 * check catches truncated and garbage files). Returns the same Buffer object for the same content.
 * @throws PictorError `FONT_ERROR` naming the family.
 */
export function loadFontBytes(bytes: Uint8Array, family: string, field?: string): Promise<Buffer> {
  const inputKey = `in:${sha256Hex(bytes)}`;
  const cached = loaded.get(inputKey);
  if (cached) return Promise.resolve(cached);
  const inFlight = loading.get(inputKey);
  if (inFlight) return inFlight;
  const load = (async () => {
    let sfnt: Buffer;
    try {
      sfnt = await toSfnt(bytes);
    } catch (error) {
      if (!(error instanceof FontFormatError)) throw error;
      throw fontError(family, error.message, field);
    }
    const outputKey = `out:${sfnt === bytes ? inputKey.slice(3) : sha256Hex(sfnt)}`;
    const existing = loaded.get(outputKey);
    if (existing) return existing;
    // Own copy: the caller's buffer may be a view into something larger, or be reused.
    const data = Buffer.from(sfnt);
    hashes.set(data, outputKey.slice(4));
    loaded.set(outputKey, data, { size: data.length });
    return data;
  })();
  loading.set(inputKey, load);
  load.then(
    (data) => {
      loading.delete(inputKey);
      loaded.set(inputKey, data, { size: data.length });
    },
    () => loading.delete(inputKey),
  );
  return load;
}

/** sha256 hex of font bytes returned by `loadFontBytes`/`loadFontUrl` (remembered, so usually free). */
export function fontHash(data: Buffer): string {
  return hashOf(data);
}

function hashOf(data: Buffer): string {
  return hashes.get(data) ?? sha256Hex(data);
}

interface CheckedSpec {
  spec: FontSpec;
  field: string;
  weight: number;
  style: 'normal' | 'italic';
}

function checkSpec(spec: FontSpec, field: string): CheckedSpec {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw invalid(field, 'must be an object with family and url or data', 'type');
  }
  if (typeof spec.family !== 'string' || spec.family.trim() === '') {
    throw invalid(`${field}.family`, 'must be a non-empty string', 'required');
  }
  if (spec.family.length > MAX_FONT_FAMILY_LENGTH) {
    throw invalid(`${field}.family`, `must be at most ${MAX_FONT_FAMILY_LENGTH} characters`, 'maxLength');
  }
  const hasUrl = spec.url !== undefined && spec.url !== null;
  const hasData = spec.data !== undefined && spec.data !== null;
  if (hasUrl === hasData) {
    throw invalid(
      field,
      `give exactly one of url and data (${hasUrl ? 'both were given' : 'neither was given'})`,
      'oneOf',
    );
  }
  if (hasUrl && (typeof spec.url !== 'string' || !/^https?:\/\//i.test(spec.url))) {
    throw invalid(`${field}.url`, 'must be an http or https URL', 'format');
  }
  if (hasData && typeof spec.data !== 'string' && !(spec.data instanceof Uint8Array)) {
    throw invalid(`${field}.data`, 'must be a base64 string or bytes', 'type');
  }
  const weight = spec.weight ?? 400;
  if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 100 || weight > 900) {
    throw invalid(`${field}.weight`, 'must be an integer from 100 to 900', 'range');
  }
  const style = spec.style ?? 'normal';
  if (style !== 'normal' && style !== 'italic') {
    throw invalid(`${field}.style`, 'must be "normal" or "italic"', 'enum');
  }
  return { spec, field, weight, style };
}

/** base64 (optionally a data: URI, whitespace and base64url tolerated) or bytes → bytes. */
function decodeData(data: string | Uint8Array, field: string): Uint8Array {
  if (data instanceof Uint8Array) {
    if (data.length === 0) throw invalid(field, 'is empty', 'minLength');
    if (data.length > MAX_FONT_INPUT_BYTES)
      throw invalid(field, `is over ${MAX_FONT_INPUT_BYTES} bytes`, 'maxLength');
    return data;
  }
  const text = data.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (text.length === 0) throw invalid(field, 'is empty', 'minLength');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text))
    throw invalid(field, 'must be base64-encoded font bytes', 'format');
  if ((text.length * 3) / 4 > MAX_FONT_INPUT_BYTES + 3) {
    throw invalid(field, `is over ${MAX_FONT_INPUT_BYTES} bytes`, 'maxLength');
  }
  return Buffer.from(text, 'base64');
}

function invalid(field: string, message: string, rule: string): PictorError {
  return new PictorError('INVALID_INPUT', `${field}: ${message}`, { field, rule });
}

function fontError(family: string, reason: string, field?: string): PictorError {
  return new PictorError('FONT_ERROR', `font "${family}": ${reason}`, { field, family });
}
