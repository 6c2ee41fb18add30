/** The batch object and the `batch.finished` webhook body as the API shows them (docs/contract/decisions.md "Batches"). */
import { randomBytes } from 'node:crypto';
import type { BatchEndHook, BatchRecord } from '../db/types.js';
import type { BatchObject } from './batch-shapes.js';

export type { BatchObject };

export function toBatchObject(batch: BatchRecord): BatchObject {
  return {
    id: batch.id,
    templateId: batch.templateId,
    status: batch.status,
    total: batch.total,
    done: batch.done,
    failed: batch.failed,
    cancelled: batch.cancelled,
    pending: batch.pending,
    createdAt: batch.createdAt,
    ...(batch.finishedAt === null ? {} : { finishedAt: batch.finishedAt }),
  };
}

/** The webhook of a batch that ended: `{type: "batch.finished", timestamp, data}` with a new `msg_…` id. */
export function batchFinishedWebhook(now: () => number): BatchEndHook {
  return (batch) => ({
    id: `msg_${randomBytes(16).toString('base64url')}`,
    payload: JSON.stringify({
      type: 'batch.finished',
      timestamp: new Date(now()).toISOString(),
      data: toBatchObject(batch),
    }),
  });
}
