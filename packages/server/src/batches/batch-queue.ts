/**
 * How the batch runner takes items: on SQLite the `batch_items` table is the queue (claims that run out); on
 * PostgreSQL pg-boss delivers them (pg-boss-queue.ts). Either way the item row stays the record of status and unit.
 */
import type { BatchInsertHook, ClaimedBatchItem, Store } from '../db/types.js';

export interface BatchQueue {
  /** Records a new batch's items in the queue, inside the transaction that keeps the batch (none: the table is it). */
  readonly onInsert?: BatchInsertHook;
  /** Take one item for this node, accounts in turn, none of an account holding `maxPerAccount` live claims. */
  claim(now: Date, until: Date, maxPerAccount: number): Promise<ClaimedBatchItem | null>;
  /** The item ended here (done, failed, or refused because it was cancelled or taken over). */
  ended(item: ClaimedBatchItem): Promise<void>;
  /** The item goes back to the queue for any node (this node stops, or the server failed, not the item). */
  release(item: ClaimedBatchItem): Promise<void>;
  /** The batch was cancelled: its items are not to be delivered any more. */
  cancelled(batch: { id: string; accountId: string; total: number }): Promise<void>;
  /** Stop taking items and close what the queue opened. */
  close(): Promise<void>;
}

/** The table as the queue: claims on `batch_items` (SQLite, and PostgreSQL when no other queue is given). */
export function tableQueue(store: Store): BatchQueue {
  return {
    claim: (now, until, maxPerAccount) => store.claimBatchItem(now, until, maxPerAccount),
    ended: async () => {},
    release: (item) => store.releaseBatchItem(item),
    cancelled: async () => {},
    close: async () => {},
  };
}
