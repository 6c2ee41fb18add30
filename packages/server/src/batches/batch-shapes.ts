/** Shapes of batches shared by the server and the studio page (studio/src/batch.ts): types only, no Node. */
import type { BatchStatus } from '../db/batch-types.js';

/** `data` of the batch routes. */
export interface BatchObject {
  id: string;
  templateId: string;
  status: BatchStatus;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  pending: number;
  createdAt: string;
  /** Once the batch is `done` or `cancelled`. */
  finishedAt?: string;
}

/** A problem with one item, found before the batch is kept: `items[3].variables.title: must NOT have …`. */
export interface ItemProblem {
  /** The item's index in `items` (0-based). */
  item: number;
  /** What is wrong, `variables.title` or `width`… (the part of the message after `items[N].`, before `:`). */
  field: string;
  /** The whole message, naming the item: what the submit route would answer. */
  message: string;
}
