/**
 * Batches on SQLite and disk (docs/contract/decisions.md "Batches"): whole-batch validation naming the item, progress, units
 * (8 items on 5 units), listing order and cursor pages with signed links, the streamed zip with decoded images,
 * cancel, and Standard Webhooks signed for a loopback receiver that answers 500 then 200.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_ALLOW_LIST, type HeldImages, startHeldImages } from './helpers/held-image.js';
import {
  adminOk,
  call,
  fetchImage,
  render,
  seedAccount,
  startTestServer,
  type TestBackends,
  type TestServer,
  templateBody,
  unitsLeft,
} from './helpers/http-server.js';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { readZip } from './helpers/zip.js';

/** Polling for an event only: the suite's per-test time-out is the hang guard. */
const POLL = { timeout: 100_000, interval: 20 };

interface Backend {
  name: string;
  setUp(): Promise<{ backends: TestBackends; tearDown(): Promise<void> }>;
}

const postgresUrl = process.env.PICTOR_TEST_DATABASE_URL;
const BACKENDS: Backend[] = [
  { name: 'SQLite and disk', setUp: async () => ({ backends: {}, tearDown: async () => {} }) },
];
if (postgresUrl) {
  BACKENDS.push({
    name: 'PostgreSQL and S3',
    async setUp() {
      const schema: TestSchema = await createTestSchema(postgresUrl, 'bat');
      const s3: TestS3 = await startTestS3();
      return {
        backends: { databaseUrl: schema.url, storage: `s3://${s3.bucket}/bat`, s3Endpoint: s3.endpoint },
        async tearDown() {
          await s3.stop();
          await schema.drop();
        },
      };
    },
  });
}

/** What the servers' batch runners did, in order (with what the tests did in between). */
const events: string[] = [];
/** The server of the backend whose tests run now (describes run one after the other). */
let server: TestServer;
let held: HeldImages;
beforeAll(async () => {
  held = await startHeldImages();
});
afterAll(async () => {
  await held?.close();
});

const batches = (key: string, method: string, path = '', body?: unknown) =>
  call(server.url, method, `/open/v1/images/batches${path}`, { body, headers: { 'x-api-key': key } });

async function publishedTemplate(accountId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const template = await adminOk<{ id: string }>(
    server.url,
    'POST',
    '/templates',
    templateBody(accountId, extra),
  );
  await adminOk(server.url, 'POST', `/templates/${template.id}/publish`, {});
  return template.id;
}

async function finished(key: string, id: string) {
  await expect
    .poll(async () => (await batches(key, 'GET', `/${id}`)).body.data?.status, POLL)
    .toMatch(/^(done|cancelled)$/);
  return (await batches(key, 'GET', `/${id}`)).body.data as Record<string, unknown>;
}

describe.each(BACKENDS)('on $name', (backend) => {
  let tearDown: () => Promise<void>;
  beforeAll(async () => {
    const setUp = await backend.setUp();
    tearDown = setUp.tearDown;
    // Three batch items at once at most, on one worker: only while it is idle and nothing interactive waits.
    server = await startTestServer({ fetchAllowList: HELD_ALLOW_LIST, batchConcurrency: 3 }, setUp.backends, {
      batches: {
        pollMs: 20,
        webhookPollMs: 20,
        onClaim: (item) => events.push(`claimed ${item.batchId} ${item.itemId}`),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await tearDown?.();
  });

  describe('submit', () => {
    it('refuses an invalid batch whole, naming the item and the rule; nothing is kept', async () => {
      const { accountId, key } = await seedAccount(server.url, 10);
      const templateId = await publishedTemplate(accountId);
      const items = Array.from({ length: 8 }, (_, i) => ({ variables: { title: `card ${i}` } }));
      const tooLong = structuredClone(items);
      tooLong[3]!.variables.title = 'x'.repeat(21);
      let res = await batches(key, 'POST', '', { templateId, items: tooLong });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 10103,
        message: 'items[3].variables.title: must NOT have more than 20 characters',
      });

      const twice = items.map((item, i) => ({ ...item, id: i === 7 ? 'a' : i === 2 ? 'a' : `i${i}` }));
      res = await batches(key, 'POST', '', { templateId, items: twice });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^items\[7\]\.id: is used twice/);

      res = await batches(key, 'POST', '', { templateId, items: [{ variables: {}, id: 'bad id' }] });
      expect(res.body.message).toBe('items[0].id: must be 1 to 128 characters of A-Z a-z 0-9 . _ ~ -');
      res = await batches(key, 'POST', '', {
        templateId,
        items: [{ variables: {} }],
        webhook: { url: 'ftp://x' },
      });
      expect(res.body.message).toBe('webhook.url: must be an http or https URL of at most 2048 characters');
      res = await batches(key, 'POST', '', { templateId, items: [] });
      expect(res.body.message).toMatch(/^items: must be an array of 1 to 10000 item objects/);
      res = await batches(key, 'POST', '', { templateId: 'nope', items });
      expect([res.status, res.body.code]).toEqual([404, 10105]);
      res = await batches(key, 'POST', '', {
        templateId,
        items: [{ variables: { title: 'x' }, width: 5000 }],
      });
      expect(res.body.message).toBe('items[0].width: must be an integer from 1 to 4096');
    });

    it('refuses a maxBytes under 1024 at the batch level or in an item, with operation A’s rule', async () => {
      const { accountId, key } = await seedAccount(server.url, 1);
      const templateId = await publishedTemplate(accountId);
      const items = [{ variables: { title: 'a' } }, { variables: { title: 'b' }, maxBytes: 10 }];
      let res = await batches(key, 'POST', '', { templateId, items });
      expect([res.status, res.body.code]).toEqual([400, 10103]);
      expect(res.body.message).toBe('items[1].maxBytes: must be an integer of at least 1024');
      res = await batches(key, 'POST', '', { templateId, items: [items[0]], maxBytes: 10 });
      expect([res.status, res.body.code]).toEqual([400, 10103]);
      expect(res.body.message).toBe('maxBytes: must be an integer of at least 1024');
      expect(await unitsLeft(server.url, accountId)).toBe(1);
    });

    it('refuses a webhook URL on a loopback or private address the allow-list does not name', async () => {
      const strict = await startTestServer({}, {}, { batches: { pollMs: 20 } });
      try {
        const { accountId, key } = await seedAccount(strict.url, 1);
        const template = await adminOk<{ id: string }>(
          strict.url,
          'POST',
          '/templates',
          templateBody(accountId),
        );
        await adminOk(strict.url, 'POST', `/templates/${template.id}/publish`, {});
        const res = await call(strict.url, 'POST', '/open/v1/images/batches', {
          headers: { 'x-api-key': key },
          body: {
            templateId: template.id,
            items: [{ variables: { title: 'x' } }],
            webhook: { url: 'http://127.0.0.1:9/hook' },
          },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(
          /^webhook\.url: 127\.0\.0\.1 is 127\.0\.0\.1, a loopback address: not allowed unless PICTOR_FETCH_ALLOW_LIST names it/,
        );
      } finally {
        await strict.close();
      }
    });
  });

  describe('a batch', () => {
    it('of 8 items on 5 units: 5 done, 3 × 30101, 5 used; listed in order in cursor pages; zipped with decoded images', async () => {
      const { accountId, key } = await seedAccount(server.url, 5);
      const templateId = await publishedTemplate(accountId);
      const items = Array.from({ length: 8 }, (_, i) => ({
        id: `card-${i}`,
        variables: { title: `card ${i}` },
      }));
      items[1] = { ...items[1]!, format: 'jpeg' } as (typeof items)[number];
      const res = await batches(key, 'POST', '', { templateId, items, format: 'webp' });
      expect(res.status).toBe(202);
      const submitted = res.body.data as Record<string, unknown>;
      expect(submitted).toMatchObject({ templateId, status: 'queued', total: 8, pending: 8, done: 0 });
      expect(submitted.id).toMatch(/^bat_/);
      const batch = await finished(key, submitted.id as string);
      expect(batch).toMatchObject({ status: 'done', total: 8, done: 5, failed: 3, cancelled: 0, pending: 0 });
      expect(typeof batch.finishedAt).toBe('string');
      expect(await unitsLeft(server.url, accountId)).toBe(0);
      const usage = await adminOk<{ rendersDone: number }>(server.url, 'GET', `/accounts/${accountId}/usage`);
      expect(usage.rendersDone).toBe(5);

      // Pages of 3, in submission order.
      const listed: Record<string, unknown>[] = [];
      let cursor: string | undefined;
      do {
        const page = await batches(
          key,
          'GET',
          `/${batch.id}/items?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        const data = page.body.data as { items: Record<string, unknown>[]; nextCursor?: string };
        expect(data.items.length).toBeLessThanOrEqual(3);
        listed.push(...data.items);
        cursor = data.nextCursor;
      } while (cursor);
      expect(listed.map((i) => i.id)).toEqual(items.map((i) => i.id));
      const done = listed.filter((i) => i.status === 'done');
      const failed = listed.filter((i) => i.status === 'failed');
      expect(done).toHaveLength(5);
      expect(failed.map((i) => i.code)).toEqual([30101, 30101, 30101]);
      expect(failed[0]!.message).toMatch(/no valid resource package/);
      const jpeg = listed.find((i) => i.id === 'card-1')!;
      expect(jpeg).toMatchObject({
        status: 'done',
        format: 'jpeg',
        contentType: 'image/jpeg',
        width: 400,
        height: 200,
      });
      const image = await fetchImage(jpeg.url as string);
      expect([image.format, image.width, image.height]).toEqual(['jpeg', 400, 200]);
      const expires = Date.parse(jpeg.expiresAt as string);
      expect(expires - server.now()).toBeGreaterThan(86_000_000);

      const onlyFailed = await batches(key, 'GET', `/${batch.id}/items?status=failed`);
      expect((onlyFailed.body.data as { items: unknown[] }).items).toHaveLength(3);
      for (const bad of ['limit=0', 'limit=1001', 'limit=x', 'status=nope', 'cursor=zzz']) {
        const r = await batches(key, 'GET', `/${batch.id}/items?${bad}`);
        expect([r.status, r.body.code]).toEqual([400, 10103]);
      }

      const zipRes = await fetch(`${server.url}/open/v1/images/batches/${batch.id}/archive`, {
        headers: { 'x-api-key': key },
      });
      expect(zipRes.status).toBe(200);
      expect(zipRes.headers.get('content-type')).toBe('application/zip');
      const entries = readZip(Buffer.from(await zipRes.arrayBuffer()));
      const doneIds = done.map((i) => i.id as string);
      expect([...entries.keys()].sort()).toEqual(
        [...doneIds.map((id) => `${id}.${id === 'card-1' ? 'jpg' : 'webp'}`), 'manifest.json'].sort(),
      );
      for (const id of doneIds) {
        const meta = await sharp(entries.get(`${id}.${id === 'card-1' ? 'jpg' : 'webp'}`)!).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([id === 'card-1' ? 'jpeg' : 'webp', 400, 200]);
      }
      const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
        items: Record<string, unknown>[];
      };
      expect(manifest.items.map((i) => [i.id, i.status])).toEqual(listed.map((i) => [i.id, i.status]));
      expect(manifest.items.some((i) => 'url' in i)).toBe(false);
    });

    it('with maxBytes: each image within its budget (an item’s overrides the batch’s); one that cannot fit fails with 20105 and uses no unit', async () => {
      const { accountId, key } = await seedAccount(server.url, 10);
      // Noise under the text: no encoder squeezes it much, so a budget binds and 1,024 bytes cannot be met.
      const noise = await sharp(
        Buffer.from(Array.from({ length: 200 * 100 * 3 }, () => Math.floor(Math.random() * 256))),
        {
          raw: { width: 200, height: 100, channels: 3 },
        },
      )
        .png()
        .toBuffer();
      const templateId = await publishedTemplate(accountId, {
        content: `<div style="display:flex;width:100%;height:100%;color:white;font-size:32px"><img src="data:image/png;base64,${noise.toString('base64')}" style="position:absolute;width:400px;height:200px" />{{title}}</div>`,
      });
      const sizeOf = async (format: string) => {
        const res = await render(server.url, key, `/templates/${templateId}/render`, {
          variables: { title: 'plain' },
          format,
          maxBytes: 10_000_000,
        });
        expect(res.status).toBe(200);
        return (res.body.data as { bytes: number }).bytes;
      };
      const webpBudget = Math.round((await sizeOf('webp')) / 2);
      const jpegBudget = Math.round((await sizeOf('jpeg')) / 2);
      const unitsBefore = await unitsLeft(server.url, accountId);
      const items = [
        { id: 'a', variables: { title: 'a' } },
        { id: 'b', variables: { title: 'b' }, format: 'jpeg', maxBytes: jpegBudget },
        { id: 'c', variables: { title: 'c' } },
        { id: 'd', variables: { title: 'd' }, format: 'png', maxBytes: 1024 },
      ];
      const res = await batches(key, 'POST', '', { templateId, items, format: 'webp', maxBytes: webpBudget });
      expect(res.status).toBe(202);
      const batch = await finished(key, (res.body.data as { id: string }).id);
      expect(batch).toMatchObject({ status: 'done', total: 4, done: 3, failed: 1 });
      expect(await unitsLeft(server.url, accountId)).toBe(unitsBefore - 3);

      const listed = (
        (await batches(key, 'GET', `/${batch.id}/items`)).body.data as { items: Record<string, unknown>[] }
      ).items;
      expect(listed.map((i) => [i.id, i.status])).toEqual([
        ['a', 'done'],
        ['b', 'done'],
        ['c', 'done'],
        ['d', 'failed'],
      ]);
      expect(listed[3]!.code).toBe(20105);
      expect(listed[3]!.message).toMatch(
        /maxBytes: the png image does not fit in 1024 bytes even at 2 colours \(smallest \d+ bytes\)/,
      );

      const zipRes = await fetch(`${server.url}/open/v1/images/batches/${batch.id}/archive`, {
        headers: { 'x-api-key': key },
      });
      const entries = readZip(Buffer.from(await zipRes.arrayBuffer()));
      expect([...entries.keys()].sort()).toEqual(['a.webp', 'b.jpg', 'c.webp', 'manifest.json']);
      for (const [name, format, budget] of [
        ['a.webp', 'webp', webpBudget],
        ['b.jpg', 'jpeg', jpegBudget],
        ['c.webp', 'webp', webpBudget],
      ] as const) {
        const bytes = entries.get(name)!;
        expect(bytes.length).toBeLessThanOrEqual(budget);
        // The listing says each done item's size.
        expect(listed.find((i) => `${i.id}.${name.split('.')[1]}` === name)!.bytes).toBe(bytes.length);
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, 400, 200]);
      }
    });

    it('is another account’s: 404 / 10105 everywhere', async () => {
      const owner = await seedAccount(server.url, 1);
      const other = await seedAccount(server.url, 1);
      const templateId = await publishedTemplate(owner.accountId);
      const res = await batches(owner.key, 'POST', '', {
        templateId,
        items: [{ variables: { title: 'x' } }],
      });
      const id = (res.body.data as { id: string }).id;
      for (const [method, path] of [
        ['GET', `/${id}`],
        ['GET', `/${id}/items`],
        ['GET', `/${id}/archive`],
        ['DELETE', `/${id}`],
        ['GET', `/${id}/webhook-deliveries`],
      ] as const) {
        const r = await batches(other.key, method, path);
        expect([method, path, r.status, r.body.code]).toEqual([method, path, 404, 10105]);
      }
      await finished(owner.key, id);
    });

    it('cancelled: every pending item is cancelled, the one rendering too (it is not kept and uses no unit)', async () => {
      const { accountId, key } = await seedAccount(server.url, 10);
      const templateId = await publishedTemplate(accountId, {
        content: '<div style="display:flex;width:100%;height:100%">{{{html}}}</div>',
        variables: { html: { type: 'string', raw: true } },
      });
      const hold = held.hold();
      const items = [
        { variables: { html: hold.content } },
        ...Array.from({ length: 4 }, () => ({ variables: { html: 'x' } })),
      ];
      const res = await batches(key, 'POST', '', { templateId, items });
      const id = (res.body.data as { id: string }).id;
      await hold.asked;
      const cancelled = await batches(key, 'DELETE', `/${id}`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelled: 5, done: 0, pending: 0 });
      expect(typeof (cancelled.body.data as { finishedAt?: string }).finishedAt).toBe('string');
      hold.release();
      // The item that was rendering ends; as it is no longer pending, it is not kept and its held unit goes back.
      await expect.poll(() => unitsLeft(server.url, accountId), POLL).toBe(10);
      const list = await batches(key, 'GET', `/${id}/items`);
      expect((list.body.data as { items: { status: string }[] }).items.map((i) => i.status)).toEqual([
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
    });
  });

  describe('fairness', () => {
    it('an interactive render waits for at most the batch item rendering: no other item starts while it waits', async () => {
      const { accountId, key } = await seedAccount(server.url, 10);
      const other = await seedAccount(server.url, 10);
      const templateId = await publishedTemplate(accountId, {
        content: '<div style="display:flex;width:100%;height:100%">{{{html}}}</div>',
        variables: { html: { type: 'string', raw: true } },
      });
      const hold = held.hold();
      const items = [{ variables: { html: hold.content } }, { variables: { html: 'second' } }];
      const id = ((await batches(key, 'POST', '', { templateId, items })).body.data as { id: string }).id;
      // The one worker renders item 0 (held); an interactive render of another account arrives and waits.
      await hold.asked;
      const interactive = render(server.url, other.key, '/render', {
        content: '<div style="display:flex;width:20px;height:20px;background:#123456"></div>',
      }).then((res) => {
        events.push(`interactive ${res.status}`);
      });
      await expect.poll(() => server.server.renderer.stats().queued, POLL).toBe(1);
      // While item 0 holds the worker and the interactive render waits, no other item was started (with room for 3).
      const mineSoFar = events.filter((e) => e.includes(id));
      hold.release();
      await interactive;
      await finished(key, id);
      expect(mineSoFar).toEqual([`claimed ${id} 0`]);
      expect(events.filter((e) => e.includes(id))).toEqual([`claimed ${id} 0`, `claimed ${id} 1`]);
      const itemsDone = await adminOk<{ rendersDone: number }>(
        server.url,
        'GET',
        `/accounts/${accountId}/usage`,
      );
      expect(itemsDone.rendersDone).toBe(2);
    });
  });

  describe('webhooks', () => {
    it('are signed (Standard Webhooks) with the account secret; a 500 is retried with the same webhook-id', async () => {
      const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
      const waiters: (() => void)[] = [];
      const receiver = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.statusCode = received.length === 1 ? 500 : 200;
          res.end();
          waiters.shift()?.();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const next = () => new Promise<void>((resolve) => waiters.push(resolve));
      try {
        const { accountId, key } = await seedAccount(server.url, 5);
        const { secret } = await adminOk<{ secret: string }>(
          server.url,
          'POST',
          `/accounts/${accountId}/webhook-secret`,
          {},
        );
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
        const templateId = await publishedTemplate(accountId);
        const first = next();
        const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
        const res = await batches(key, 'POST', '', {
          templateId,
          items: [{ variables: { title: 'a' } }, { variables: { title: 'b' } }],
          webhook: { url },
        });
        const id = (res.body.data as { id: string }).id;
        await first;
        const second = next();
        // The retry is due within 30 s of the failure: move the server's clock past it.
        server.advance(31_000);
        await second;
        expect(received).toHaveLength(2);
        const [a, b] = received as [(typeof received)[0], (typeof received)[0]];
        expect(a.headers['webhook-id']).toMatch(/^msg_/);
        expect(b.headers['webhook-id']).toBe(a.headers['webhook-id']);
        expect(b.body).toBe(a.body);
        const verified = new Webhook(secret).verify(b.body, b.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        };
        expect(verified.type).toBe('batch.finished');
        expect(verified.data).toMatchObject({ id, status: 'done', total: 2, done: 2 });
        // Signed with another secret, the same webhook does not verify.
        const other = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
        expect(() => new Webhook(other).verify(b.body, b.headers as Record<string, string>)).toThrow();

        await expect
          .poll(
            async () =>
              (
                (await batches(key, 'GET', `/${id}/webhook-deliveries`)).body.data as {
                  deliveries: { status: string }[];
                }
              ).deliveries[0]?.status,
            POLL,
          )
          .toBe('delivered');
        const log = (
          (await batches(key, 'GET', `/${id}/webhook-deliveries`)).body.data as {
            deliveries: {
              url: string;
              status: string;
              attempts: number;
              log: { status?: number; error?: string }[];
            }[];
          }
        ).deliveries[0]!;
        expect(log).toMatchObject({ url, attempts: 2, status: 'delivered' });
        expect(log.log.map((l) => l.status)).toEqual([500, 200]);
        expect(log.log[0]?.error).toBe('answered 500');
      } finally {
        receiver.close();
      }
    });
  });
});
