/**
 * The batch queue on PostgreSQL: pg-boss 10 (Node ≥ 20; 11+ need Node 22) delivers the items. One job per item,
 * id derived from batch id and item position (a retry or a second send never makes a second job), inserted in the
 * transaction that keeps the batch; one queue per account, fetched in the accounts' turn order (the table decides the
 * turn and the per-account cap; the runner's gate decides when). A job whose node died expires and pg-boss offers it
 * again; the `batch_items` row stays the record of status and unit (claimed, then finished conditionally, so a job
 * delivered twice is charged once). pg-boss keeps its tables in its own schema, created at start.
 */
import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Store } from '../db/types.js';
import type { BatchQueue } from './batch-queue.js';

/** pg-boss's schema in the service's database. */
export const PG_BOSS_SCHEMA = 'pictor_boss';

interface ItemJob {
  batchId: string;
  seq: number;
}

/**
 * The job id of an item (pg-boss ids are UUIDs): made from the batch id, then the position, so a batch's jobs, all
 * created at once, are fetched in submission order (pg-boss orders by creation, then id).
 */
export function itemJobId(batchId: string, seq: number): string {
  const hex = createHash('sha256').update(batchId).digest('hex');
  const position = seq.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${position}`;
}

/** The queue of an account's items. */
export function accountQueue(accountId: string): string {
  return `pictor-batch-items-${accountId}`;
}

export interface PgBossQueueOptions {
  connectionString: string;
  store: Store;
  /** How long an item's job stays with its node without ending (s): the claim time; then it is offered again. */
  claimSeconds: number;
  /** Connections pg-boss keeps. Default 4. */
  max?: number;
  onError?: (error: unknown) => void;
}

/** Start pg-boss (creating its schema on first use) and answer the runner's queue on it. */
export async function startPgBossQueue(options: PgBossQueueOptions): Promise<BatchQueue> {
  const { store } = options;
  const claimSeconds = Math.max(1, Math.ceil(options.claimSeconds));
  // Loaded only with PostgreSQL (SQLite servers never load pg-boss or pg).
  const { default: PgBossClass } = await import('pg-boss');
  const boss = new PgBossClass({
    connectionString: options.connectionString,
    schema: PG_BOSS_SCHEMA,
    max: options.max ?? 4,
    application_name: 'pictor-batches',
    // Expired jobs (their node died) are looked for this often; a job's expiry is the claim time.
    maintenanceIntervalSeconds: Math.max(1, Math.ceil(claimSeconds / 3)),
    schedule: false,
  });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();

  const queues = new Set<string>();
  async function ensureQueue(accountId: string): Promise<string> {
    const name = accountQueue(accountId);
    if (queues.has(name)) return name;
    await boss.createQueue(name, {
      name,
      // Attempts are counted (and limited) on the item row; pg-boss only offers the job again.
      retryLimit: 1_000_000,
      retryDelay: Math.max(1, Math.ceil(claimSeconds / 3)),
      expireInSeconds: claimSeconds,
    });
    queues.add(name);
    return name;
  }

  function jobsOf(name: string, batchId: string, seqs: Iterable<number>): PgBoss.JobInsert<ItemJob>[] {
    return Array.from(seqs, (seq) => ({ id: itemJobId(batchId, seq), name, data: { batchId, seq } }));
  }

  // Live batches kept before this queue existed (or by an older version) get their items' jobs; existing ones stay.
  const db = boss.getDb();
  const live = await db.executeSql(
    "select id, account_id from batches where status in ('queued', 'running')",
    [],
  );
  for (const batch of live.rows as { id: string; account_id: string }[]) {
    const pending = await db.executeSql(
      "select seq from batch_items where batch_id = $1 and status = 'pending'",
      [batch.id],
    );
    const name = await ensureQueue(batch.account_id);
    const seqs = (pending.rows as { seq: number | string }[]).map((row) => Number(row.seq));
    for (let start = 0; start < seqs.length; start += 1000)
      await boss.insert(jobsOf(name, batch.id, seqs.slice(start, start + 1000)));
  }

  return {
    async onInsert(sql, batch) {
      const name = await ensureQueue(batch.accountId);
      const seqs = Array.from({ length: batch.total }, (_, seq) => seq);
      for (let start = 0; start < seqs.length; start += 1000)
        await boss.insert(jobsOf(name, batch.id, seqs.slice(start, start + 1000)), { db: sql });
    },

    async claim(now, until, maxPerAccount) {
      for (const accountId of await store.batchAccountsInTurn(now, maxPerAccount)) {
        const name = await ensureQueue(accountId);
        // A few jobs at most: those of ended items are completed, those another node still renders come back later.
        for (let look = 0; look < 8; look++) {
          const [job] = await boss.fetch<ItemJob>(name, { batchSize: 1 });
          if (!job) break;
          const taken = await store.claimBatchItemAt(job.data.batchId, job.data.seq, now, until);
          if (taken === 'ended') await boss.complete(name, job.id);
          else if (taken === 'held') await boss.fail(name, job.id);
          else return taken;
        }
      }
      return null;
    },

    async ended(item) {
      await boss.complete(accountQueue(item.accountId), itemJobId(item.batchId, item.seq));
    },

    async release(item) {
      await store.releaseBatchItem(item);
      await boss.fail(accountQueue(item.accountId), itemJobId(item.batchId, item.seq));
    },

    async cancelled(batch) {
      const name = await ensureQueue(batch.accountId);
      const ids = Array.from({ length: batch.total }, (_, seq) => itemJobId(batch.id, seq));
      for (let start = 0; start < ids.length; start += 1000)
        await boss.cancel(name, ids.slice(start, start + 1000));
    },

    async close() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
