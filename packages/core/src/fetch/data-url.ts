/** data: URLs decoded locally (no network), within the same byte limit as fetched resources. */
import { FetchFailure } from './http-get.js';

/**
 * A `data:` URL without its fragment: as any URL, it ends at its first `#` (an SVG written into the URL unescaped,
 * `fill='#2CBDE2'`, is cut there: Chromium draws that icon as a broken image).
 */
function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** The media type (lower-case, without parameters; `''` if absent) and bytes of a `data:` URL (its fragment dropped). */
export function decodeDataUrl(whole: string, maxBytes: number): { contentType: string; data: Buffer } {
  // Pictor (data-url-fragment): Chromium's URL parser ends the data at `#`.
  const url = withoutFragment(whole);
  const comma = url.indexOf(',');
  if (!/^data:/i.test(url) || comma < 0)
    throw new FetchFailure('malformed data: URL (expected data:<type>;base64,<data>)');
  const meta = url
    .slice(5, comma)
    .split(';')
    .map((part) => part.trim());
  const contentType = (meta[0] ?? '').toLowerCase();
  const isBase64 = meta.slice(1).some((part) => part.toLowerCase() === 'base64');
  const payload = url.slice(comma + 1);
  // base64 decodes to 3/4 of its length; percent-encoding only shrinks: bound before decoding.
  const estimate = isBase64 ? Math.floor((payload.length * 3) / 4) : payload.length;
  if (estimate > maxBytes + 3) {
    throw new FetchFailure(
      `the data: URL is over the ${maxBytes}-byte limit (raise fetch.maxBytes to allow it)`,
    );
  }
  let data: Buffer;
  if (isBase64) {
    const text = percentDecode(payload).toString('latin1').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new FetchFailure('the data: URL is not valid base64');
    data = Buffer.from(text, 'base64');
  } else {
    data = percentDecode(payload);
  }
  if (data.length > maxBytes) {
    throw new FetchFailure(
      `the data: URL is over the ${maxBytes}-byte limit (raise fetch.maxBytes to allow it)`,
    );
  }
  return { contentType, data };
}

/** Percent-decode to bytes (raw non-ASCII characters are taken as UTF-8); never throws on a stray `%`. */
export function percentDecode(text: string): Buffer {
  const ascii = text.replace(/[\u{80}-\u{10ffff}]+/gu, (run) =>
    [...Buffer.from(run, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
  );
  const latin1 = ascii.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(latin1, 'latin1');
}
