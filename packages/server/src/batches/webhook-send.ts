/**
 * One webhook attempt (Standard Webhooks): POST the JSON body with `webhook-id`, `webhook-timestamp` and, when the
 * account has a secret, `webhook-signature` (signed by the `standardwebhooks` library), to checked addresses only;
 * 2xx within the time limit delivers it. Redirects are not followed.
 */
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { type AllowList, pinnedConnection } from '@pictor/core';
import { Webhook } from 'standardwebhooks';
import type { WebhookAttempt } from '../db/types.js';
import { checkedAddresses } from './webhook-address.js';

/** Growing delays after failed attempts 1, 2, … (ms); after the last one the delivery fails for good. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** The delay before attempt `attempts + 1` with ±20% jitter (`random` in [0, 1)), or null when none is left. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number | null {
  const base = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Headers of a webhook: the id, the timestamp (Unix seconds) and, with a secret, the signature. */
export function webhookHeaders(
  id: string,
  payload: string,
  at: Date,
  secret: string | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  };
  if (secret !== null) headers['webhook-signature'] = new Webhook(secret).sign(id, at, payload);
  return headers;
}

function post(
  url: URL,
  addresses: LookupAddress[],
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        ...pinnedConnection(url, addresses),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Pictor-Webhooks/1',
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface SendOptions {
  allow: AllowList;
  timeoutMs: number;
  /** The time of this attempt (its `webhook-timestamp`). */
  at: Date;
}

/** Make one attempt; never throws: the outcome is the log entry (`status` 2xx: delivered). */
export async function sendWebhook(
  delivery: { id: string; url: string; payload: string },
  secret: string | null,
  options: SendOptions,
): Promise<{ delivered: boolean; attempt: WebhookAttempt }> {
  const at = options.at.toISOString();
  try {
    const url = new URL(delivery.url);
    const addresses = await checkedAddresses(url, options.allow);
    const headers = webhookHeaders(delivery.id, delivery.payload, options.at, secret);
    const status = await post(url, addresses, headers, delivery.payload, options.timeoutMs);
    const delivered = status >= 200 && status < 300;
    return { delivered, attempt: delivered ? { at, status } : { at, status, error: `answered ${status}` } };
  } catch (error) {
    const e = error as Error;
    const message =
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? `no answer within ${options.timeoutMs} ms`
        : e.message || String(error);
    return { delivered: false, attempt: { at, error: message } };
  }
}
