/**
 * Verify a batch webhook (Standard Webhooks) with the account's `whsec_…` secret, through Web Crypto: the signature
 * `v1,{base64 HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{body}")}` (key: the base64 after `whsec_`), and a
 * timestamp within the tolerance, so a captured webhook cannot be replayed later.
 */

const encoder = new TextEncoder();

/** A webhook that did not verify; the message says why. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** The body of a `batch.finished` webhook. */
export interface BatchFinishedEvent {
  type: 'batch.finished';
  timestamp: string;
  data: Batch;
}

/** The batch object (see createBatch). */
export interface Batch {
  id: string;
  templateId: string;
  status: 'queued' | 'running' | 'done' | 'cancelled';
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  pending: number;
  createdAt: string;
  finishedAt?: string;
}

export interface VerifyWebhookOptions {
  /** Largest difference between `webhook-timestamp` and now, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** Now in ms. Default `Date.now()`. */
  now?: number;
}

function header(headers: Headers | Record<string, string | string[] | undefined>, name: string): string {
  const value =
    headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text === '')
    throw new WebhookVerificationError(`the ${name} header is missing`);
  return text;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Same length and bytes, compared without an early exit. */
function equal(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Check a webhook's signature and timestamp and return its parsed body.
 *
 * @param body the raw request body, exactly as received (not re-serialised JSON)
 * @example
 * const event = await verifyWebhook(process.env.PICTOR_WEBHOOK_SECRET, await request.text(), request.headers);
 * if (event.type === 'batch.finished') console.log(event.data.done, 'images ready');
 * @throws WebhookVerificationError when a header is missing, the timestamp is too old or new, or no signature matches
 */
export async function verifyWebhook(
  secret: string,
  body: string,
  headers: Headers | Record<string, string | string[] | undefined>,
  options: VerifyWebhookOptions = {},
): Promise<BatchFinishedEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const seconds = Number(timestamp);
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('webhook-timestamp: too old, too new or not Unix seconds');
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (globalThis.crypto.subtle) is not available in this runtime');
  const key = await subtle.importKey(
    'raw',
    fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const expected = toBase64(
    new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`))),
  );
  const matches = signatures
    .split(' ')
    .some((entry) => entry.startsWith('v1,') && equal(entry.slice(3), expected));
  if (!matches)
    throw new WebhookVerificationError('webhook-signature: no signature matches this secret and body');
  return JSON.parse(body) as BatchFinishedEvent;
}
