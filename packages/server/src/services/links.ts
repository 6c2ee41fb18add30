/**
 * Signed file links (docs/contract/decisions.md "Links"): `{publicUrl}/files/{key}?expires={unix}&sign={sig}`,
 * sig = base64url (no padding) of HMAC-SHA256(secret, "{path}\n{expires}"), path = `/files/{key}`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lifetime of a link: 5 minutes. */
export const LINK_TTL_SECONDS = 300;

/** A signature: 32 bytes in base64url without padding. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Unix seconds as a link writes them: digits only, no sign, no leading zero, at most 12 digits. */
const EXPIRES_SHAPE = /^(?:0|[1-9][0-9]{0,11})$/;
/** The query of a link as issued: `expires` then `sign`, nothing else. */
const LINK_QUERY = /^expires=([^&]*)&sign=([^&]*)$/;

/** The URL path a link to `objectKey` (`{hash}.{ext}`) signs: `/files/{objectKey}`. */
export function filePath(objectKey: string): string {
  return `/files/${objectKey}`;
}

/** base64url HMAC-SHA256(secret, `${path}\n${expires}`). */
export function signFilePath(secret: string | Buffer, path: string, expires: number): string {
  return createHmac('sha256', secret).update(`${path}\n${expires}`, 'utf8').digest('base64url');
}

export interface CreateFileLinkOptions {
  /**
   * Base URL, e.g. `http://127.0.0.1:3000` (a trailing `/` is ignored). The signed path is always
   * `/files/{key}`, also when the base URL has a path of its own (a proxy that strips it).
   */
  publicUrl: string;
  secret: string | Buffer;
  /** The object key with its extension, e.g. `3fa…e1.png`. */
  objectKey: string;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
  ttlSeconds?: number;
}

export interface FileLink {
  url: string;
  path: string;
  /** Unix seconds. */
  expires: number;
}

/** A fresh signed link to an object, valid for `ttlSeconds` (300) from now. */
export function createFileLink(options: CreateFileLinkOptions): FileLink {
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  const expires = nowSeconds + (options.ttlSeconds ?? LINK_TTL_SECONDS);
  const path = filePath(options.objectKey);
  const sign = signFilePath(options.secret, path, expires);
  const base = options.publicUrl.replace(/\/+$/, '');
  return { url: `${base}${path}?expires=${expires}&sign=${sign}`, path, expires };
}

/**
 * The `expires` and `sign` of a link's query string (without `?`) exactly as written, not percent-decoded: a link
 * is served only as it was issued, `expires={unix}&sign={signature}` and nothing else, so one link is one cache
 * key. Both `undefined` when either is absent; `undefined` for any other query (reordered, repeated or extra
 * parameters).
 */
export function readLinkQuery(
  query: string,
): { expires: string | undefined; sign: string | undefined } | undefined {
  const exact = LINK_QUERY.exec(query);
  if (exact) return { expires: exact[1], sign: exact[2] };
  const names = query.split('&').map((part) => part.split('=', 1)[0]);
  if (!names.includes('expires') || !names.includes('sign')) return { expires: undefined, sign: undefined };
  return undefined;
}

export interface VerifyFileLinkOptions {
  secret: string | Buffer;
  /** The request's URL path exactly as received, without the query (`/files/{key}.{ext}`). */
  path: string;
  /** The `expires` query value as received (see readLinkQuery). */
  expires: string | undefined;
  /** The `sign` query value as received (see readLinkQuery). */
  sign: string | undefined;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

export type LinkCheck =
  | { ok: true; expires: number /** Seconds of validity left (≥ 1). */; remainingSeconds: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'bad-signature' };

/**
 * Check a link's signature and expiry. The signature is checked in constant time before the
 * expiry is looked at, so a forged link never learns whether its time was right.
 */
export function verifyFileLink(options: VerifyFileLinkOptions): LinkCheck {
  const { expires, sign } = options;
  if (!expires || !sign) return { ok: false, reason: 'missing' };
  if (!EXPIRES_SHAPE.test(expires) || !SIGNATURE_SHAPE.test(sign)) return { ok: false, reason: 'malformed' };
  const expiresAt = Number(expires);
  // Compare the text, not decoded bytes: base64url decoding ignores the last character's spare bits.
  const expected = Buffer.from(signFilePath(options.secret, options.path, expiresAt), 'utf8');
  const actual = Buffer.from(sign, 'utf8');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (nowSeconds >= expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, expires: expiresAt, remainingSeconds: expiresAt - nowSeconds };
}
