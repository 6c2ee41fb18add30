/**
 * The request target of an embeddable image URL (docs/contract/decisions.md "Embeddable image URLs"), in either form:
 * query form `/img/{urlKeyId}/{templateId}.{ext}?{params}&sign={signature}` and path form
 * `/img/{urlKeyId}/{templateId}/{q}/{signature}.{ext}`. Both sign the same string: the query form's target up to
 * `&sign=` (or `?sign=`), exactly as sent — nothing is decoded, re-ordered or re-encoded before the check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXTENSION_OF_FORMAT, formatOfExtension, type ImageFormat } from '@pictor/core';
import { apiError } from '../errors.js';

/** The extension of a negotiated image URL: the format is chosen from the request's `Accept`. */
export const AUTO_EXTENSION = 'auto';
/** The extensions an image URL may end in. */
const EXTENSIONS = [...Object.values(EXTENSION_OF_FORMAT), AUTO_EXTENSION];
const EXTENSION_LIST = EXTENSIONS.join('|');
/** A signature: 32 bytes in base64url without padding. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export const IMAGE_URL_FORMS = `/img/{urlKeyId}/{templateId}.{${EXTENSION_LIST}}?{params}&sign={signature} or /img/{urlKeyId}/{templateId}/{q}/{signature}.{${EXTENSION_LIST}}`;

/** A parsed image URL whose signature is still to be checked. */
export interface ImageUrlTarget {
  /** The URL key id, percent-decoded. */
  keyId: string;
  /** The template id, percent-decoded. */
  templateId: string;
  /** The format the extension names, or `auto`: chosen from the request's `Accept` (docs/contract/decisions.md "Formats and byte budgets"). */
  format: ImageFormat | typeof AUTO_EXTENSION;
  /** The parameters as signed: the query string without `?` and without `sign` ('' when there are none). */
  query: string;
  /** The string the signature covers. */
  signed: string;
  /** The signature as sent. */
  sign: string;
}

function notFound(): never {
  throw apiError('NOT_FOUND', `image URL: not one of the forms ${IMAGE_URL_FORMS}`);
}

function decodeSegment(segment: string): string {
  try {
    const decoded = decodeURIComponent(segment);
    if (decoded === '') notFound();
    return decoded;
  } catch {
    return notFound();
  }
}

/** Split `{name}.{ext}` at the last dot; 404 unless ext is a format's (png, jpg, webp, avif) or auto. */
function splitExtension(segment: string): { name: string; format: ImageFormat | typeof AUTO_EXTENSION } {
  const dot = segment.lastIndexOf('.');
  const ext = dot > 0 ? segment.slice(dot + 1) : '';
  const format = ext === AUTO_EXTENSION ? AUTO_EXTENSION : formatOfExtension(ext);
  if (!format) {
    throw apiError('NOT_FOUND', `image URL: the file name must end in .${EXTENSIONS.join(', .')}`);
  }
  return { name: segment.slice(0, dot), format };
}

function signError(message: string): never {
  throw apiError('LINK_INVALID', `sign: ${message}`);
}

/** Strict UTF-8: invalid bytes throw instead of becoming U+FFFD, and a leading BOM is kept as text. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The parameters a path form's `{q}` segment carries. Only the one spelling of them is accepted, so that one signed
 * URL is one URL: canonical base64url (no padding; the spare bits of the last character zero, as every encoder
 * writes them) of valid UTF-8.
 * @throws ApiError LINK_INVALID
 */
function decodeParams(q: string): string {
  if (q === '-') return '';
  if (!BASE64URL.test(q)) signError('the {q} segment must be base64url of the parameters, or -');
  const bytes = Buffer.from(q, 'base64url');
  if (bytes.toString('base64url') !== q) {
    signError(
      'the {q} segment is not canonical base64url: write it without padding, with the unused bits of its last character zero (as base64url encoders do)',
    );
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    return signError('the {q} segment must be base64url of UTF-8 text (the parameters as signed)');
  }
}

/** The query form's parameters and signature: `sign` must be the last parameter, and only there. */
function splitSignedQuery(query: string | undefined): { query: string; sign: string } {
  const parts = query === undefined || query === '' ? [] : query.split('&');
  const last = parts.at(-1);
  const named = (part: string) => part === 'sign' || part.startsWith('sign=');
  if (last === undefined || !named(last)) {
    if (parts.some(named)) signError('must be the last parameter of the URL');
    signError('missing: an image URL in the query form ends in &sign={signature}');
  }
  const rest = parts.slice(0, -1);
  if (rest.some(named)) signError('must appear once, as the last parameter of the URL');
  return { query: rest.join('&'), sign: last.slice('sign='.length) };
}

/**
 * Parse a raw request target (`request.raw.url`).
 * @throws ApiError NOT_FOUND (not an image URL), LINK_INVALID (`sign` missing or not last; a path form's `{q}` not
 *   canonical base64url of UTF-8), INVALID_PARAMETER (a path form with a query string)
 */
export function parseImageTarget(rawUrl: string): ImageUrlTarget {
  const questionMark = rawUrl.indexOf('?');
  const path = questionMark === -1 ? rawUrl : rawUrl.slice(0, questionMark);
  const query = questionMark === -1 ? undefined : rawUrl.slice(questionMark + 1);
  const segments = path.split('/');
  if (segments[0] !== '' || segments[1] !== 'img') notFound();

  if (segments.length === 4) {
    const [, , rawKey = '', file = ''] = segments;
    const { name, format } = splitExtension(file);
    const keyId = decodeSegment(rawKey);
    const templateId = decodeSegment(name);
    const signedQuery = splitSignedQuery(query);
    // Literally the target up to the separator before `sign=`: `?&sign=` signs `…?`.
    const signed = rawUrl.slice(0, rawUrl.length - signedQuery.sign.length - '&sign='.length);
    return { keyId, templateId, format, query: signedQuery.query, signed, sign: signedQuery.sign };
  }

  if (segments.length === 6) {
    const [, , rawKey = '', rawTemplate = '', q = '', file = ''] = segments;
    const { name: sign, format } = splitExtension(file);
    const keyId = decodeSegment(rawKey);
    const templateId = decodeSegment(rawTemplate);
    if (query !== undefined) {
      // It would be ignored: every query string would name the same image under another cache key.
      throw apiError(
        'INVALID_PARAMETER',
        'image URL: the path form takes no query string (its parameters are in the {q} segment): remove the ?… part, or sign the parameters into {q}',
      );
    }
    const params = decodeParams(q);
    const ext = file.slice(file.lastIndexOf('.') + 1);
    const signed = `/img/${rawKey}/${rawTemplate}.${ext}${params === '' ? '' : `?${params}`}`;
    return { keyId, templateId, format, query: params, signed, sign };
  }

  return notFound();
}

/** base64url (no padding) HMAC-SHA256(secret, signed): the signature of an image URL. */
export function signImageTarget(secret: string, signed: string): string {
  return createHmac('sha256', secret).update(signed, 'utf8').digest('base64url');
}

/**
 * Check the signature in constant time against the URL key's secret.
 * @throws ApiError LINK_INVALID when it is malformed or does not match
 */
export function verifyImageTarget(target: ImageUrlTarget, secret: string): void {
  const mismatch = () =>
    signError(
      'does not match this URL: sign the target exactly as sent (path and query up to &sign=) with the secret of its URL key',
    );
  if (!SIGNATURE_SHAPE.test(target.sign)) mismatch();
  // Compare the text, not decoded bytes: base64url decoding ignores the last character's spare bits.
  const expected = Buffer.from(signImageTarget(secret, target.signed), 'utf8');
  const actual = Buffer.from(target.sign, 'utf8');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) mismatch();
}
