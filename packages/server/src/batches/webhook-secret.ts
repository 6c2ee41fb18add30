/**
 * An account's webhook secret (docs/contract/decisions.md "Batches", Webhook): `whsec_` and base64 of 32 bytes, derived from the
 * server's signing secret and a salt the store keeps, so a stolen database alone cannot sign webhooks. A new secret
 * (a new salt) replaces the old one at once.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Store } from '../db/types.js';

/** The secret of `accountId` for this salt. */
export function deriveWebhookSecret(signingSecret: string, accountId: string, salt: string): string {
  const key = createHmac('sha256', signingSecret).update(`webhook-secret\n${accountId}\n${salt}`).digest();
  return `whsec_${key.toString('base64')}`;
}

/** Make a new secret for the account (replacing any earlier one) and return it: it is shown once. */
export async function rotateWebhookSecret(
  store: Store,
  signingSecret: string,
  accountId: string,
  now: Date,
): Promise<string> {
  const salt = randomBytes(16).toString('base64url');
  await store.setWebhookSecretSalt(accountId, salt, now);
  return deriveWebhookSecret(signingSecret, accountId, salt);
}

/** The account's current secret, or null when it has none (webhooks then go unsigned). */
export async function currentWebhookSecret(
  store: Store,
  signingSecret: string,
  accountId: string,
): Promise<string | null> {
  const salt = await store.getWebhookSecretSalt(accountId);
  return salt === null ? null : deriveWebhookSecret(signingSecret, accountId, salt);
}
