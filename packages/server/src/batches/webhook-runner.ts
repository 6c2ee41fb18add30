/**
 * Delivers the webhooks of ended batches (docs/contract/decisions.md "Batches", Webhook): any node claims a due delivery, makes
 * one attempt, and logs it; a failed attempt is due again after a growing delay with jitter (WEBHOOK_RETRY_DELAYS_MS)
 * until none is left. The `webhook-id` is the delivery's, the same on every attempt.
 */
import type { AllowList } from '@pictor/core';
import type { Store, WebhookDelivery } from '../db/types.js';
import { WakeTimer } from './wake-timer.js';
import { currentWebhookSecret } from './webhook-secret.js';
import { retryDelayMs, sendWebhook } from './webhook-send.js';

export interface WebhookRunnerDeps {
  store: Store;
  signingSecret: string;
  allow: AllowList;
  timeoutMs: number;
  now: () => number;
  /** How often to look for due deliveries (ms). Default 1,000. */
  pollMs?: number;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: () => number;
  onError?: (error: unknown) => void;
  /** Told after each attempt (tests wait on it). */
  onAttempt?: (delivery: WebhookDelivery, delivered: boolean) => void;
}

export interface WebhookRunner {
  wake(): void;
  stop(): Promise<void>;
}

export function startWebhookRunner(deps: WebhookRunnerDeps): WebhookRunner {
  const pollMs = deps.pollMs ?? 1_000;
  const timer = new WakeTimer();
  let stopped = false;

  async function attempt(delivery: WebhookDelivery): Promise<void> {
    const secret = await currentWebhookSecret(deps.store, deps.signingSecret, delivery.accountId);
    const at = new Date(deps.now());
    const outcome = await sendWebhook(delivery, secret, { allow: deps.allow, timeoutMs: deps.timeoutMs, at });
    const delay = outcome.delivered ? null : retryDelayMs(delivery.attempts + 1, deps.random);
    await deps.store.recordWebhookAttempt(
      delivery.id,
      outcome.attempt,
      outcome.delivered,
      delay === null ? null : new Date(at.getTime() + delay),
    );
    deps.onAttempt?.(delivery, outcome.delivered);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let found = false;
      try {
        const now = deps.now();
        const delivery = await deps.store.claimWebhookDelivery(
          new Date(now),
          new Date(now + deps.timeoutMs + 30_000),
        );
        if (delivery) {
          found = true;
          await attempt(delivery);
        }
      } catch (error) {
        deps.onError?.(error);
      }
      if (!found) await timer.wait(pollMs);
    }
  }

  const running = loop();
  return {
    wake: () => timer.wake(),
    async stop() {
      stopped = true;
      timer.wake();
      await running;
    },
  };
}
