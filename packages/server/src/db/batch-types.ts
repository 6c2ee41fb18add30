/** Records of batches, their items and webhook deliveries as the store hands them out (docs/contract/decisions.md "Batches"). */
import type { ImageFormat } from '@pictor/core';

export type BatchStatus = 'queued' | 'running' | 'done' | 'cancelled';
export type BatchItemStatus = 'pending' | 'done' | 'failed' | 'cancelled';

/** The batch's own values for every item (each overrides the template's; an item's override these). */
export interface BatchOptions {
  format?: ImageFormat;
  quality?: number;
  /** Byte budget (docs/contract/decisions.md "Formats and byte budgets"). */
  maxBytes?: number;
  scale?: number;
}

/** What one item asks for. */
export interface BatchItemRequest {
  variables: Record<string, unknown>;
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  /** Byte budget (docs/contract/decisions.md "Formats and byte budgets"). */
  maxBytes?: number;
  scale?: number;
}

/** A batch to keep, with its items in submission order. */
export interface NewBatch {
  accountId: string;
  templateId: string;
  useDraft: boolean;
  options: BatchOptions;
  webhookUrl: string | null;
  items: { id: string; request: BatchItemRequest }[];
}

/** A batch with its items counted by status. */
export interface BatchRecord {
  id: string;
  accountId: string;
  templateId: string;
  useDraft: boolean;
  options: BatchOptions;
  webhookUrl: string | null;
  status: BatchStatus;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  pending: number;
  createdAt: string;
  finishedAt: string | null;
}

/** One item as listed. */
export interface BatchItemRecord {
  seq: number;
  id: string;
  status: BatchItemStatus;
  objectKey: string | null;
  width: number | null;
  height: number | null;
  format: ImageFormat | null;
  /** A done item's image size in bytes (null for items done before it was kept). */
  bytes: number | null;
  code: number | null;
  message: string | null;
}

/** An item a node has claimed: everything needed to render it, and the claim that must still hold to finish it. */
export interface ClaimedBatchItem {
  batchId: string;
  seq: number;
  itemId: string;
  accountId: string;
  templateId: string;
  useDraft: boolean;
  options: BatchOptions;
  request: BatchItemRequest;
  /** This attempt's token. */
  claim: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** How an item ended. */
export type BatchItemOutcome =
  | { status: 'done'; objectKey: string; width: number; height: number; format: ImageFormat; bytes?: number }
  | { status: 'failed'; code: number; message: string };

/** The webhook of a batch's end: its id (the same on every attempt) and the JSON body. */
export interface BatchEndWebhook {
  id: string;
  payload: string;
}

/** Builds the webhook of a batch that just ended (called inside the transaction that ended it). */
export type BatchEndHook = (batch: BatchRecord) => BatchEndWebhook | null;

/** One attempt to deliver a webhook. */
export interface WebhookAttempt {
  /** ISO 8601. */
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed (status not 2xx, refused address, time-out…). */
  error?: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** A webhook delivery and its log. */
export interface WebhookDelivery {
  id: string;
  batchId: string;
  accountId: string;
  url: string;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  log: WebhookAttempt[];
}

/** Runs SQL in the transaction that keeps a new batch (pg-boss's `db` option has this shape). */
export interface SqlRunner {
  executeSql(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Called inside the transaction that inserts a batch's rows: a queue records the items there (committed with them). */
export type BatchInsertHook = (
  sql: SqlRunner,
  batch: { id: string; accountId: string; total: number },
) => Promise<void>;

/** The batch part of the store (see Store). */
export interface BatchStore {
  /** Keep a new batch, status `queued`, all items `pending`; `onInsert` runs in the same transaction. */
  createBatch(batch: NewBatch, now: Date, onInsert?: BatchInsertHook): Promise<BatchRecord>;
  /** The account's batch, or null (none, or another account's). */
  getBatch(accountId: string, id: string): Promise<BatchRecord | null>;
  /** Items of a batch in submission order after `afterSeq` (-1: from the first), of one status or all. */
  listBatchItems(
    batchId: string,
    query: { status?: BatchItemStatus; afterSeq: number; limit: number },
  ): Promise<BatchItemRecord[]>;
  /**
   * Cancel: pending items become `cancelled` (done ones stay), a batch not yet ended is `cancelled`; `onEnd` builds
   * its webhook. null when there is no such batch of the account.
   */
  cancelBatch(accountId: string, id: string, now: Date, onEnd: BatchEndHook): Promise<BatchRecord | null>;
  /**
   * Claim one pending item whose claim is free or ran out, of the running batch whose account was served longest
   * ago, skipping accounts with `maxPerAccount` items claimed already; the claim holds until `until`.
   */
  claimBatchItem(now: Date, until: Date, maxPerAccount: number): Promise<ClaimedBatchItem | null>;
  /** Accounts with batch work in turn order (served longest ago first), without those at `maxPerAccount` live claims. */
  batchAccountsInTurn(now: Date, maxPerAccount: number): Promise<string[]>;
  /** Claim the named item (a queue delivered it): `ended` when it is not pending any more, `held` when claimed live. */
  claimBatchItemAt(
    batchId: string,
    seq: number,
    now: Date,
    until: Date,
  ): Promise<ClaimedBatchItem | 'ended' | 'held'>;
  /**
   * End a claimed item atomically with its unit: when the item is still pending under this claim it takes
   * `outcome`, and `reservationId` (if any) is committed for a done item or released otherwise; when the claim no
   * longer holds (cancelled, or taken over) nothing changes but the reservation goes back. A batch with no pending
   * item left ends `done` (`onEnd` builds its webhook). True when the outcome was kept.
   */
  finishBatchItem(
    item: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>,
    outcome: BatchItemOutcome,
    reservationId: string | null,
    now: Date,
    onEnd: BatchEndHook,
  ): Promise<boolean>;
  /** Extend the claims still held (a node rendering them is alive) until `until`. */
  renewBatchClaims(items: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>[], until: Date): Promise<void>;
  /** Give a claim up without an outcome (shutdown): the item is pending and free for any node at once. */
  releaseBatchItem(item: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>): Promise<void>;

  /** Set the account's webhook secret salt (replacing the old one). StoreError `not-found` without the account. */
  setWebhookSecretSalt(accountId: string, salt: string, now: Date): Promise<void>;
  /** The account's webhook secret salt, or null when it has none. */
  getWebhookSecretSalt(accountId: string): Promise<string | null>;
  /** Claim a pending delivery due at `now` until `until`, or null. */
  claimWebhookDelivery(now: Date, until: Date): Promise<WebhookDelivery | null>;
  /** Log an attempt: delivered, or pending again at `next`, or failed for good (`next` null and not delivered). */
  recordWebhookAttempt(
    id: string,
    attempt: WebhookAttempt,
    delivered: boolean,
    next: Date | null,
  ): Promise<void>;
  /** The batch's webhook deliveries, oldest first. */
  listWebhookDeliveries(batchId: string): Promise<WebhookDelivery[]>;
}
