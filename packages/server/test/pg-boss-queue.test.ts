/**
 * The batch queue on PostgreSQL (pg-boss 10): one job per item sent with the batch and never twice, a job whose node
 * died offered again to another node, and an item delivered twice charged once (the item row decides).
 * Runs when PICTOR_TEST_DATABASE_URL is set; the three-node SIGKILL run is in nodes-batches.test.ts.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchQueue } from '../src/batches/batch-queue.js';
import { PG_BOSS_SCHEMA, startPgBossQueue } from '../src/batches/pg-boss-queue.js';
import { createStore } from '../src/db/index.js';
import type { BatchEndHook, ClaimedBatchItem, Store } from '../src/db/types.js';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';

const baseUrl = process.env.PICTOR_TEST_DATABASE_URL;
/** Polling for an event only: the suite's per-test time-out is the hang guard. */
const POLL = { timeout: 600_000, interval: 50 };
const onEnd: BatchEndHook = () => null;
const done = { status: 'done', objectKey: 'k.png', width: 1, height: 1, format: 'png' } as const;
const later = (ms: number) => new Date(Date.now() + ms);

describe.skipIf(!baseUrl)('the pg-boss batch queue', () => {
  let schema: TestSchema;
  let store: Store;
  const queues: BatchQueue[] = [];

  async function node(): Promise<BatchQueue> {
    // A job stays with its node 1 s without ending, then it is offered again.
    const queue = await startPgBossQueue({ connectionString: schema.url, store, claimSeconds: 1 });
    queues.push(queue);
    return queue;
  }

  async function jobsOf(batchId: string): Promise<{ state: string; retry_count: number }[]> {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select state, retry_count from ${PG_BOSS_SCHEMA}.job where data->>'batchId' = $1 order by id`,
        [batchId],
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    schema = await createTestSchema(baseUrl!, 'boss');
    store = createStore(schema.url, '/nonexistent');
    await store.migrate();
  });

  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await store?.close();
    await schema?.drop();
  });

  it('a dead node’s item is offered again; delivered twice, it is charged once; a second send adds no job', async () => {
    const a = await node();
    const b = await node();
    const account = await store.createAccount('boss');
    await store.grantPackage(account.id, 100, later(3_600_000));
    const batch = await store.createBatch(
      {
        accountId: account.id,
        templateId: 't',
        useDraft: false,
        options: {},
        webhookUrl: null,
        items: [{ id: 'only', request: { variables: {} } }],
      },
      new Date(),
      a.onInsert,
    );
    expect((await jobsOf(batch.id)).map((job) => job.state)).toEqual(['created']);
    // Sending the batch's jobs again (a retried submit, a startup sweep) makes no second job.
    await store.createBatch(
      { accountId: account.id, templateId: 't', useDraft: false, options: {}, webhookUrl: null, items: [] },
      new Date(),
      (sql) => a.onInsert!(sql, { id: batch.id, accountId: account.id, total: 1 }),
    );
    expect(await jobsOf(batch.id)).toHaveLength(1);

    // Node A takes the item, then dies without ending it (no renewal, no release).
    const first = (await a.claim(new Date(), later(1_000), 10)) as ClaimedBatchItem;
    expect([first.itemId, first.attempts]).toEqual(['only', 1]);
    expect(await b.claim(new Date(), later(1_000), 10)).toBeNull();

    // pg-boss expires A's job and offers it again; node B takes the item over.
    let again: ClaimedBatchItem | null = null;
    await expect
      .poll(async () => {
        again = await b.claim(new Date(), later(60_000), 10);
        return again;
      }, POLL)
      .not.toBeNull();
    const second = again as unknown as ClaimedBatchItem;
    expect([second.itemId, second.attempts]).toEqual(['only', 2]);
    expect((await jobsOf(batch.id))[0]!.retry_count).toBeGreaterThanOrEqual(1);

    // Both rendered it: A's late finish is refused and its unit released; B's is charged. One unit in all.
    const stale = await store.reserveUnit(account.id, new Date(), later(3_600_000));
    const current = await store.reserveUnit(account.id, new Date(), later(3_600_000));
    expect(await store.finishBatchItem(first, done, stale!.id, new Date(), onEnd)).toBe(false);
    await a.ended(first);
    expect(await store.finishBatchItem(second, done, current!.id, new Date(), onEnd)).toBe(true);
    await b.ended(second);
    expect((await store.usage(account.id, new Date())).rendersDone).toBe(1);
    expect((await store.getBatch(account.id, batch.id))?.status).toBe('done');
    expect((await jobsOf(batch.id)).map((job) => job.state)).toEqual(['completed']);
    expect(await a.claim(new Date(), later(1_000), 10)).toBeNull();
  });
});
