/**
 * node:crypto, loaded on first use: a render worker needs it only for custom fonts and document resources (hashes)
 * and saved files (temporary names), and loading it took ~15–50 ms of a fresh worker's start.
 */
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let crypto: typeof Crypto | undefined;

/** node:crypto, required the first time it is asked for. */
function loadCrypto(): typeof Crypto {
  crypto ??= require('node:crypto') as typeof Crypto;
  return crypto;
}

/** The SHA-256 of `bytes`, in hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return loadCrypto().createHash('sha256').update(bytes).digest('hex');
}

/** `count` random bytes, in hex. */
export function randomHex(count: number): string {
  return loadCrypto().randomBytes(count).toString('hex');
}
