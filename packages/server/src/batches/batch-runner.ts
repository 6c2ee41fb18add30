/**
 * The batch queue's worker on this node (docs/contract/decisions.md "Batches"): claims pending items from the database (any node
 * may; a claim runs out `claimMs` after its last renewal, so a dead node's items are taken over), only while the
 * render workers have nothing interactive waiting and one is idle, and renders each as operation A would, with its
 * unit committed in the same transaction that marks the item done (charged at most once whoever renders it).
 */
import type { Renderer } from '@pictor/core';
import type { ServerLimits } from '../config.js';
import type { BatchItemOutcome, ClaimedBatchItem, Store } from '../db/types.js';
import { isPictorError, toApiError } from '../errors.js';
import { reserveOrWait } from '../services/quota.js';
import {
  checkPixels,
  devicePixels,
  heldWaitMsOf,
  holdMsOf,
  keepMsOf,
  objectKeyOf,
  type RenderJob,
  renderAndStore,
} from '../services/render-job.js';
import type { TemplateService } from '../services/template-service.js';
import type { ObjectStorage } from '../storage/types.js';
import { batchFinishedWebhook } from './batch-object.js';
import { type BatchQueue, tableQueue } from './batch-queue.js';
import { WakeTimer } from './wake-timer.js';

/** How soon a node with batch work looks again at workers held by interactive renders or its own items (ms). */
const GATE_RECHECK_MS = 10;

/** An item that stopped its node (or failed to finish) this many times fails with 20105. */
export const MAX_ITEM_ATTEMPTS = 5;

export interface BatchRunnerDeps {
  store: Store;
  storage: ObjectStorage;
  renderer: Renderer;
  templates: TemplateService;
  limits: ServerLimits;
  now: () => number;
  /** Where items come from: pg-boss on PostgreSQL; default the `batch_items` table's claims. */
  queue?: BatchQueue;
  /** How often to look for items when told of none (ms). Default 1,000. */
  pollMs?: number;
  /** How long a claim holds without renewal (ms); renewed every third of it while rendering. Default `limits.batchClaimSeconds`. */
  claimMs?: number;
  onError?: (error: unknown) => void;
  /** Told when this node claimed an item (tests order events with it). */
  onClaim?: (item: ClaimedBatchItem) => void;
  /** Told after each item ended here (tests wait on it). */
  onItem?: (item: ClaimedBatchItem, outcome: BatchItemOutcome | 'released') => void;
}

export interface BatchRunner {
  /** Look for items now (a batch was submitted, a render ended). */
  wake(): void;
  /** Stop claiming; items not yet rendering go back to the queue; resolves when this node's items have ended. */
  stop(): Promise<void>;
}

/** Errors after which the item is tried again (by any node) rather than failed: the server, not the item. */
function isTransient(error: unknown): boolean {
  if (isPictorError(error))
    return ['OVERLOADED', 'CLOSED', 'ABORTED', 'TENANT_BUSY', 'SAVE_FAILED'].includes(error.code);
  const known = toApiError(error);
  return known === null || known.statusCode >= 500 || known.kind === 'RATE_LIMITED';
}

export function startBatchRunner(deps: BatchRunnerDeps): BatchRunner {
  const { store, storage, renderer, templates, limits } = deps;
  const pollMs = deps.pollMs ?? 1_000;
  const claimMs = deps.claimMs ?? limits.batchClaimSeconds * 1000;
  const concurrency = limits.batchConcurrency > 0 ? limits.batchConcurrency : renderer.stats().workers;
  const queue = deps.queue ?? tableQueue(store);
  const timer = new WakeTimer();
  const active = new Map<string, ClaimedBatchItem>();
  const onEnd = batchFinishedWebhook(deps.now);
  let stopped = false;
  /** Items of `active` inside a renderer call (counted in its stats); the others are between calls. */
  let inRenderer = 0;
  const date = () => new Date(deps.now());

  /**
   * Interactive renders first: a batch item starts only when nothing waits for a worker and one is idle, counting
   * the items this node has started that are between renderer calls (they will need a worker in a moment) as busy.
   */
  function workersIdle(): boolean {
    const stats = renderer.stats();
    const between = active.size - inRenderer;
    return stats.queued === 0 && stats.busy + between < Math.max(1, stats.workers);
  }

  async function inWorker<T>(call: () => Promise<T>): Promise<T> {
    inRenderer++;
    // The item now counts in the renderer's own figures: the gate may open for another one.
    timer.wake();
    try {
      return await call();
    } finally {
      inRenderer--;
      timer.wake();
    }
  }

  async function finish(item: ClaimedBatchItem, outcome: BatchItemOutcome, reservationId: string | null) {
    await store.finishBatchItem(item, outcome, reservationId, date(), onEnd);
    await queue.ended(item).catch((error: unknown) => deps.onError?.(error));
    deps.onItem?.(item, outcome);
  }

  async function render(item: ClaimedBatchItem): Promise<void> {
    if (item.attempts > MAX_ITEM_ATTEMPTS) {
      await finish(
        item,
        {
          status: 'failed',
          code: 20105,
          message: `image generation failed: the item was tried ${MAX_ITEM_ATTEMPTS} times and never finished`,
        },
        null,
      );
      return;
    }
    let reservationId: string | null = null;
    try {
      const { version, fill } = await templates.resolve(item.accountId, item.templateId, item.useDraft);
      const request = item.request;
      const job: RenderJob = {
        accountId: item.accountId,
        templateId: item.templateId,
        content: '',
        width: request.width ?? version.width,
        height: request.height ?? version.height,
        format: request.format ?? item.options.format ?? version.format,
        quality: request.quality ?? item.options.quality ?? version.quality ?? undefined,
        maxBytes: request.maxBytes ?? item.options.maxBytes,
        scale: request.scale ?? item.options.scale,
        fonts: [],
      };
      checkPixels(job.width, job.height, job.scale, limits);
      job.content = await inWorker(() => fill(request.variables));
      const reservation = await reserveOrWait(store, item.accountId, {
        now: date,
        holdMs: holdMsOf(limits),
        heldWaitMs: heldWaitMsOf(limits),
      });
      reservationId = reservation.id;
      const objectKey = objectKeyOf(job);
      // Kept until long after the batch's links of the next day could ask for it; identical items share it.
      const keepUntil = new Date(deps.now() + limits.batchLinkTtlSeconds * 1000 + keepMsOf(limits));
      const [extended, seen] = await Promise.all([
        store.touchObject(objectKey, keepUntil),
        storage.head(objectKey),
      ]);
      const existing = seen && !extended ? await storage.head(objectKey) : seen;
      let width: number;
      let height: number;
      let bytes = existing?.size;
      if (existing && job.width !== undefined && job.height !== undefined) {
        width = devicePixels(job.width, job.scale);
        height = devicePixels(job.height, job.scale);
      } else {
        const stored = await inWorker(() => renderAndStore(renderer, storage, job, objectKey));
        width = stored.result.width;
        height = stored.result.height;
        bytes = stored.result.data.length;
      }
      await finish(
        item,
        {
          status: 'done',
          objectKey,
          width,
          height,
          format: job.format,
          ...(bytes === undefined ? {} : { bytes }),
        },
        reservationId,
      );
    } catch (error) {
      if (isTransient(error)) {
        if (reservationId !== null) await store.releaseReservation(reservationId).catch(() => {});
        if (!isPictorError(error) || error.code !== 'CLOSED') deps.onError?.(error);
        await queue.release(item);
        deps.onItem?.(item, 'released');
        return;
      }
      const known = toApiError(error)!;
      await finish(item, { status: 'failed', code: known.code, message: known.message }, reservationId);
    }
  }

  const heartbeat = setInterval(
    () => {
      if (active.size === 0) return;
      store
        .renewBatchClaims([...active.values()], new Date(deps.now() + claimMs))
        .catch((error: unknown) => deps.onError?.(error));
    },
    Math.max(50, Math.floor(claimMs / 3)),
  );
  heartbeat.unref();

  async function loop(): Promise<void> {
    // Whether the last look found work: then the workers are watched closely, else the database is polled slowly.
    let busy = true;
    while (!stopped) {
      if (active.size >= concurrency) {
        await timer.wait(pollMs); // woken when an item ends
        continue;
      }
      if (!workersIdle()) {
        // Interactive work, or this node's items, hold the workers: look again shortly (a cheap, local check).
        await timer.wait(busy ? GATE_RECHECK_MS : pollMs);
        continue;
      }
      let claimed = false;
      try {
        const item = await queue.claim(
          date(),
          new Date(deps.now() + claimMs),
          limits.batchMaxRunningPerAccount,
        );
        if (item && stopped) await queue.release(item);
        else if (item) {
          claimed = true;
          deps.onClaim?.(item);
          const key = `${item.batchId}/${item.seq}`;
          active.set(key, item);
          render(item)
            .catch((error: unknown) => deps.onError?.(error))
            .finally(() => {
              active.delete(key);
              timer.wake();
            });
        }
      } catch (error) {
        deps.onError?.(error);
      }
      busy = claimed;
      // Another claim at once while there is room; else wait for a render to end, a submit, or the poll.
      if (!claimed) await timer.wait(pollMs);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const running = loop();
  return {
    wake: () => timer.wake(),
    async stop() {
      stopped = true;
      timer.wake();
      clearInterval(heartbeat);
      await running;
      while (active.size > 0) await timer.wait(pollMs);
    },
  };
}
