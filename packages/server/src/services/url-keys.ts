/**
 * URL keys of the embeddable image URLs. A key's secret is derived from the server's signing secret and the key's id
 * (HMAC-SHA256), so the database holds no secret: a stolen copy of it alone cannot sign a URL, every node with the
 * same signing secret verifies the same URLs, and revocation is a row every node reads.
 */
import { createHmac } from 'node:crypto';
import { apiError } from '../errors.js';
import type { Store, UrlKeyRecord } from '../db/types.js';

/** Every URL key secret starts with this. */
export const URL_KEY_SECRET_PREFIX = 'us_';

/**
 * The secret of URL key `keyId`: `us_` and base64url of HMAC-SHA256(signing secret, "pictor url key v1\n{keyId}").
 * A new signing secret gives every URL key a new secret (and invalidates every URL signed before).
 */
export function deriveUrlKeySecret(signingSecret: string, keyId: string): string {
  const mac = createHmac('sha256', signingSecret).update(`pictor url key v1\n${keyId}`, 'utf8');
  return `${URL_KEY_SECRET_PREFIX}${mac.digest('base64url')}`;
}

/** A URL key as returned once at creation, with its secret. */
export interface CreatedUrlKey extends UrlKeyRecord {
  secret: string;
}

/** The admin side of URL keys: create (secret shown once), revoke, list. */
export interface UrlKeyAdmin {
  create(accountId: string): Promise<CreatedUrlKey>;
  revoke(keyId: string): Promise<{ id: string; revoked: true }>;
  list(accountId: string): Promise<{ accountId: string; urlKeys: UrlKeyRecord[] }>;
}

/** Create the service. */
export function createUrlKeyAdmin(store: Store, signingSecret: string): UrlKeyAdmin {
  async function requireAccount(id: string): Promise<void> {
    if (!(await store.getAccount(id))) throw apiError('NOT_FOUND', `account ${JSON.stringify(id)} not found`);
  }
  return {
    async create(accountId) {
      await requireAccount(accountId);
      const record = await store.createUrlKey(accountId);
      return { ...record, secret: deriveUrlKeySecret(signingSecret, record.id) };
    },
    async revoke(keyId) {
      if (!(await store.revokeUrlKey(keyId)))
        throw apiError('NOT_FOUND', `URL key ${JSON.stringify(keyId)} not found`);
      return { id: keyId, revoked: true };
    },
    async list(accountId) {
      await requireAccount(accountId);
      return { accountId, urlKeys: await store.listUrlKeys(accountId) };
    },
  };
}
