/** API keys: random secrets shown once, stored only as SHA-256 hashes, looked up by hash and compared in constant time. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyRecord, Store } from '../db/types.js';

/** Every key starts with this. */
export const API_KEY_PREFIX = 'pk_';

/** `pk_` and 32 random bytes in base64url (43 characters). */
const API_KEY_SHAPE = /^pk_[A-Za-z0-9_-]{43}$/;

/** Characters of the key kept as its displayable prefix (`pk_` + 8). */
const DISPLAY_PREFIX_LENGTH = 11;

export interface GeneratedApiKey {
  /** The secret, to show once. */
  key: string;
  /** Hex SHA-256 of the secret: what the store keeps. */
  hash: string;
  /** First characters, safe to show (`pk_AbC12xYz`). */
  prefix: string;
}

/** Hex SHA-256 of a key's secret. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** True when `value` has the shape of a key this service issues. */
export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_SHAPE.test(value);
}

/** A new random key with its hash and display prefix. */
export function generateApiKey(): GeneratedApiKey {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/**
 * Create a key for an account and store its hash. The returned `key` is the only time the secret exists.
 *
 * @throws StoreError `not-found` when the account does not exist.
 */
export async function issueApiKey(
  store: Store,
  accountId: string,
): Promise<{ record: ApiKeyRecord; key: string }> {
  const generated = generateApiKey();
  const record = await store.createApiKey(accountId, generated.hash, generated.prefix);
  return { record, key: generated.key };
}

/**
 * The active key for a presented secret (the `X-API-Key` header), or null when it is missing,
 * malformed, unknown or revoked. The secret is hashed first and looked up by its hash; the
 * stored hash is then compared in constant time.
 */
export async function authenticateApiKey(
  store: Store,
  presented: string | undefined,
): Promise<ApiKeyRecord | null> {
  if (typeof presented !== 'string' || !isWellFormedApiKey(presented)) return null;
  const hash = hashApiKey(presented);
  const found = await store.findActiveApiKey(hash);
  if (!found) return null;
  const expected = Buffer.from(found.secretHash, 'hex');
  const actual = Buffer.from(hash, 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const { secretHash: _omit, ...record } = found;
  return record;
}
