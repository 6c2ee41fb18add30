/** Account administration: accounts, API keys (shown once), resource packages and usage. */
import { apiError } from '../errors.js';
import type { Account, ResourcePackage, Store, Usage } from '../db/types.js';
import { issueApiKey } from './api-keys.js';
import { rotateWebhookSecret } from '../batches/webhook-secret.js';

/** A key as returned once at creation: the plaintext `key` is never available again. */
export interface CreatedKey {
  id: string;
  accountId: string;
  prefix: string;
  createdAt: string;
  key: string;
}

export interface AccountAdmin {
  createAccount(name: string): Promise<Account>;
  createKey(accountId: string): Promise<CreatedKey>;
  revokeKey(keyId: string): Promise<{ id: string; revoked: true }>;
  grantPackage(accountId: string, renders: number, expiresAt: string): Promise<ResourcePackage>;
  usage(accountId: string): Promise<Usage & { accountId: string }>;
  /** A new webhook secret (`whsec_…`, shown once) replacing the account's old one. */
  createWebhookSecret(accountId: string): Promise<{ accountId: string; secret: string }>;
}

/** ISO 8601 date or date-time (with a zone, or a plain date taken as UTC midnight). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/;

/** Parse an ISO 8601 time strictly. @throws ApiError 400 naming `field`. */
export function parseIsoTime(value: string, field: string): Date {
  const date = new Date(value);
  if (!ISO_TIME.test(value) || Number.isNaN(date.getTime())) {
    throw apiError('INVALID_PARAMETER', `${field}: must be an ISO 8601 time such as 2030-01-31T00:00:00Z`);
  }
  return date;
}

/** Create the service; `now` is the clock of usage; `signingSecret` derives webhook secrets. */
export function createAccountAdmin(store: Store, now: () => number, signingSecret: string): AccountAdmin {
  async function requireAccount(id: string): Promise<void> {
    if (!(await store.getAccount(id))) throw apiError('NOT_FOUND', `account ${JSON.stringify(id)} not found`);
  }
  return {
    createAccount: (name) => store.createAccount(name),
    async createWebhookSecret(accountId) {
      await requireAccount(accountId);
      return {
        accountId,
        secret: await rotateWebhookSecret(store, signingSecret, accountId, new Date(now())),
      };
    },
    async createKey(accountId) {
      await requireAccount(accountId);
      const { record, key } = await issueApiKey(store, accountId);
      return {
        id: record.id,
        accountId: record.accountId,
        prefix: record.prefix,
        createdAt: record.createdAt,
        key,
      };
    },
    async revokeKey(keyId) {
      if (!(await store.revokeApiKey(keyId)))
        throw apiError('NOT_FOUND', `key ${JSON.stringify(keyId)} not found`);
      return { id: keyId, revoked: true };
    },
    async grantPackage(accountId, renders, expiresAt) {
      const expires = parseIsoTime(expiresAt, 'expiresAt');
      await requireAccount(accountId);
      return store.grantPackage(accountId, renders, expires);
    },
    async usage(accountId) {
      await requireAccount(accountId);
      return { accountId, ...(await store.usage(accountId, new Date(now()))) };
    },
  };
}
