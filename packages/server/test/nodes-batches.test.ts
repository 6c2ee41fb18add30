/**
 * Three server processes (`node dist/cli.js serve`) on one PostgreSQL and one bucket work one batch of 1,000 items;
 * one is SIGKILLed midway. Every item ends done exactly once (units used = items done = 1,000), the killed node's
 * items are taken over by the others once their claims run out (pg-boss offers their jobs again), and the batch's
 * webhook is delivered once, signed.
 * Runs when PICTOR_TEST_DATABASE_URL is set (CI starts PostgreSQL); needs the built CLI. On SQLite, one server
 * SIGKILLed midway and started again on its data dir finishes the batch with nothing lost or charged twice.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_BOSS_SCHEMA } from '../src/batches/pg-boss-queue.js';
import { createStore } from '../src/db/index.js';
import type { Store } from '../src/db/types.js';
import { adminOk, call, seedAccount, templateBody } from './helpers/http-server.js';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { cliBuilt, type ServerProcess, spawnServer } from './helpers/server-process.js';

const baseUrl = process.env.PICTOR_TEST_DATABASE_URL;
/** Polling for an event only: the suite's per-test time-out is the hang guard. */
const POLL = { timeout: 600_000, interval: 100 };
const ITEMS = 1_000;
/** The hang guard of the 1,000-item test: 1,000 renders on three nodes take minutes on a loaded 2-core machine. */
const HANG_GUARD_MS = 600_000;

describe.skipIf(!baseUrl)('a batch on three nodes, one SIGKILLed midway', () => {
  let schema: TestSchema;
  let s3: TestS3;
  let store: Store;
  const dirs: string[] = [];
  const nodes: ServerProcess[] = [];
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end();
    });
  });

  async function startNode(): Promise<ServerProcess> {
    const dataDir = await mkdtemp(join(tmpdir(), 'pictor-batch-node-'));
    dirs.push(dataDir);
    return spawnServer(dataDir, {
      PICTOR_DATABASE_URL: schema.url,
      PICTOR_STORAGE: `s3://${s3.bucket}/batches`,
      PICTOR_S3_ENDPOINT: s3.endpoint,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? '',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? '',
      AWS_REGION: 'us-east-1',
      PICTOR_WORKERS: '1',
      PICTOR_FETCH_ALLOW_LIST: '127.0.0.1',
      // A dead node's items are taken over 5 s after it died (the default is 30 s).
      PICTOR_BATCH_CLAIM_SECONDS: '5',
      PICTOR_BATCH_MAX_RUNNING_PER_ACCOUNT: '100',
    });
  }

  beforeAll(async () => {
    if (!cliBuilt())
      throw new Error('dist/cli.js is missing: run `pnpm --filter @pictor/server build` first');
    schema = await createTestSchema(baseUrl as string, 'batchnodes');
    s3 = await startTestS3();
    for (let i = 0; i < 3; i++) nodes.push(await startNode());
    store = createStore(schema.url, tmpdir());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const node of nodes)
      if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.exited));
    receiver.close();
    await store?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await s3?.stop();
    await schema?.drop();
  });

  it(
    '1,000 items: each done exactly once, units used = items done, one webhook',
    async () => {
      const [a, b, c] = nodes as [ServerProcess, ServerProcess, ServerProcess];
      const { accountId, key } = await seedAccount(a.url, 2 * ITEMS);
      const { secret } = await adminOk<{ secret: string }>(
        a.url,
        'POST',
        `/accounts/${accountId}/webhook-secret`,
        {},
      );
      const template = await adminOk<{ id: string }>(a.url, 'POST', '/templates', templateBody(accountId));
      await adminOk(a.url, 'POST', `/templates/${template.id}/publish`, {});
      const items = Array.from({ length: ITEMS }, (_, i) => ({ id: `n${i}`, variables: { title: `#${i}` } }));
      const submitted = await call(a.url, 'POST', '/open/v1/images/batches', {
        headers: { 'x-api-key': key },
        body: {
          templateId: template.id,
          items,
          webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` },
        },
      });
      expect(submitted.status).toBe(202);
      const id = (submitted.body.data as { id: string }).id;
      const batch = async (node: ServerProcess) =>
        (await call(node.url, 'GET', `/open/v1/images/batches/${id}`, { headers: { 'x-api-key': key } })).body
          .data as { status: string; done: number; failed: number; pending: number };

      // Midway (a third done), node A dies at once, holding claims of items it was rendering.
      await expect.poll(async () => (await batch(b)).done, POLL).toBeGreaterThanOrEqual(ITEMS / 3);
      a.child.kill('SIGKILL');
      await a.exited;
      await expect.poll(async () => (await batch(b)).status, POLL).toBe('done');
      const final = await batch(c);
      expect(final).toMatchObject({ status: 'done', done: ITEMS, failed: 0, pending: 0 });

      // Every item once, in order; the units committed are exactly the items done.
      const listed: { id: string; status: string }[] = [];
      let cursor: string | undefined;
      do {
        const page = await call(
          c.url,
          'GET',
          `/open/v1/images/batches/${id}/items?limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
          { headers: { 'x-api-key': key } },
        );
        const data = page.body.data as { items: { id: string; status: string }[]; nextCursor?: string };
        listed.push(...data.items);
        cursor = data.nextCursor;
      } while (cursor);
      expect(listed.map((i) => i.id)).toEqual(items.map((i) => i.id));
      expect(new Set(listed.map((i) => i.status))).toEqual(new Set(['done']));
      const usage = await store.usage(accountId, new Date());
      expect(usage.rendersDone).toBe(ITEMS);
      // pg-boss delivered them: one job per item, every one completed.
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      const jobs = await client
        .query(
          `select state, count(*)::int as n from ${PG_BOSS_SCHEMA}.job where data->>'batchId' = $1 group by 1`,
          [id],
        )
        .finally(() => client.end());
      expect(jobs.rows).toEqual([{ state: 'completed', n: ITEMS }]);

      // The webhook of the batch's end: once, signed with the account's secret.
      await expect.poll(() => received.length, POLL).toBe(1);
      const deliveries = await store.listWebhookDeliveries(id);
      expect(deliveries.map((d) => [d.status, d.attempts])).toEqual([['delivered', 1]]);
      const hook = received[0]!;
      const verified = new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as {
        data: { done: number; status: string };
      };
      expect(verified.data).toMatchObject({ status: 'done', done: ITEMS });
    },
    HANG_GUARD_MS,
  );
});

describe('a batch on SQLite, its one server SIGKILLed midway and started again', () => {
  const ITEMS_SQLITE = 60;
  let dataDir: string;
  const started: ServerProcess[] = [];
  const env = { PICTOR_WORKERS: '1', PICTOR_BATCH_CLAIM_SECONDS: '3' };
  beforeAll(async () => {
    if (!cliBuilt())
      throw new Error('dist/cli.js is missing: run `pnpm --filter @pictor/server build` first');
    dataDir = await mkdtemp(join(tmpdir(), 'pictor-batch-sqlite-'));
  });
  afterAll(async () => {
    for (const node of started)
      if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await Promise.all(started.map((n) => n.exited));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing: the items resume after the restart, each done once, units used = items done', async () => {
    const first = await spawnServer(dataDir, env);
    started.push(first);
    const { accountId, key } = await seedAccount(first.url, 2 * ITEMS_SQLITE);
    const template = await adminOk<{ id: string }>(first.url, 'POST', '/templates', templateBody(accountId));
    await adminOk(first.url, 'POST', `/templates/${template.id}/publish`, {});
    const submitted = await call(first.url, 'POST', '/open/v1/images/batches', {
      headers: { 'x-api-key': key },
      body: {
        templateId: template.id,
        items: Array.from({ length: ITEMS_SQLITE }, (_, i) => ({ variables: { title: `#${i}` } })),
      },
    });
    const id = (submitted.body.data as { id: string }).id;
    const batch = async (node: ServerProcess) =>
      (await call(node.url, 'GET', `/open/v1/images/batches/${id}`, { headers: { 'x-api-key': key } })).body
        .data as { status: string; done: number; failed: number };
    await expect.poll(async () => (await batch(first)).done, POLL).toBeGreaterThanOrEqual(10);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await spawnServer(dataDir, env);
    started.push(second);
    await expect.poll(async () => (await batch(second)).status, POLL).toBe('done');
    expect(await batch(second)).toMatchObject({ done: ITEMS_SQLITE, failed: 0 });
    const usage = await adminOk<{ rendersDone: number }>(second.url, 'GET', `/accounts/${accountId}/usage`);
    expect(usage.rendersDone).toBe(ITEMS_SQLITE);
  });
});
