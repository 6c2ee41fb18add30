/** The signature of an image URL: HMAC-SHA256 through Web Crypto, in base64url without padding. */
import { base64url } from './base64url.js';

const encoder = new TextEncoder();

/**
 * Sign `target` (the image URL's path and query up to `&sign=`, see the README) with a URL key's `secret`: base64url
 * without padding of HMAC-SHA256(UTF-8 of secret, UTF-8 of target).
 *
 * @example await signImageTarget('us_…', '/img/uk_…/card.png?title=Hi') // "x1Y…" (43 characters)
 */
export async function signImageTarget(secret: string, target: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (globalThis.crypto.subtle) is not available in this runtime');
  const key = await subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64url(new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(target))));
}
