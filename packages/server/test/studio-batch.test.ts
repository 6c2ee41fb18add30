/**
 * The studio's Batch tab API on the real server: rows checked against the template's variables with every bad row
 * named (the batch service's own checks), a batch started, followed and downloaded as a zip of decoded images,
 * charged to the template's account (also when the admin acts for it), and the studio guards: no session, no CSRF
 * token, another origin, another account.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  adminOk,
  call,
  seedAccount,
  startTestServer,
  type TestServer,
  templateBody,
  unitsLeft,
} from './helpers/http-server.js';
import { signIn, type StudioClient } from './helpers/studio.js';
import { readZip } from './helpers/zip.js';

/** Polling for an event only: the suite's per-test time-out is the hang guard. */
const POLL = { timeout: 100_000, interval: 20 };

let server: TestServer;
let mine: { accountId: string; key: string; keyId: string };
let theirs: { accountId: string; key: string; keyId: string };
let studio: StudioClient;

const rows = (...titles: string[]) => ({
  items: titles.map((title, index) => ({ id: `r${index + 1}`, variables: { title } })),
});

beforeAll(async () => {
  server = await startTestServer();
  mine = await seedAccount(server.url, 10);
  theirs = await seedAccount(server.url, 10);
  for (const account of [mine, theirs]) {
    await adminOk(server.url, 'POST', '/templates', { ...templateBody(account.accountId), id: 'card' });
    await adminOk(server.url, 'POST', `/templates/card/publish?accountId=${account.accountId}`, {});
  }
  studio = await signIn(server.url, { apiKey: mine.key });
});

afterAll(async () => {
  await server?.close();
});

async function finished(client: StudioClient, id: string, accountId: string) {
  let batch: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      batch = (await client.api('GET', `/batches/${id}?accountId=${accountId}`)).body.data ?? {};
      return batch.status;
    }, POLL)
    .toMatch(/^(done|cancelled)$/);
  return batch;
}

describe('checking rows', () => {
  it('names every bad row and its field, keeps nothing and uses no unit', async () => {
    const long = 'x'.repeat(21);
    const response = await studio.api(
      'POST',
      '/templates/card/batches/check',
      rows('ok', long, 'fine', long),
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      total: 4,
      more: false,
      problems: [1, 3].map((item) => ({
        item,
        field: 'variables.title',
        message: `items[${item}].variables.title: must NOT have more than 20 characters`,
      })),
    });
    const missing = await studio.api('POST', '/templates/card/batches/check', {
      items: [{ variables: { title: 'a' } }, { variables: {} }],
    });
    expect(missing.body.data?.problems).toEqual([
      { item: 1, field: 'variables.title', message: 'items[1].variables.title: is required' },
    ]);
    expect(await unitsLeft(server.url, mine.accountId)).toBe(10);
  });

  it('refuses what the public submit refuses with its message: a bad id, ids used twice', async () => {
    const badId = await studio.api('POST', '/templates/card/batches/check', {
      items: [{ id: 'a b', variables: { title: 'a' } }],
    });
    expect([badId.status, badId.body.code]).toEqual([400, 10103]);
    expect(badId.body.message).toBe('items[0].id: must be 1 to 128 characters of A-Z a-z 0-9 . _ ~ -');
    const twice = await studio.api('POST', '/templates/card/batches/check', {
      items: [
        { id: 'a', variables: { title: 'a' } },
        { id: 'a', variables: { title: 'b' } },
      ],
    });
    expect([twice.status, twice.body.code]).toEqual([400, 10103]);
    expect(twice.body.message).toContain('items[1].id: is used twice');
  });
});

describe('a batch from the studio', () => {
  it('starts, ends, downloads as a zip of decoded images, and uses the account’s units', async () => {
    const refused = await studio.api('POST', '/templates/card/batches', rows('a', 'x'.repeat(21)));
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'items[1].variables.title: must NOT have more than 20 characters',
    ]);
    const started = await studio.api('POST', '/templates/card/batches', rows('one', 'two', 'three'));
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ templateId: 'card', status: 'queued', total: 3, pending: 3 });
    const id = String(started.body.data?.id);
    expect(await finished(studio, id, mine.accountId)).toMatchObject({ status: 'done', done: 3, failed: 0 });
    expect(await unitsLeft(server.url, mine.accountId)).toBe(7);

    const response = await fetch(`${server.url}/studio/api/batches/${id}/archive`, {
      headers: { cookie: studio.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${id}.zip"`);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['manifest.json', 'r1.png', 'r2.png', 'r3.png']);
    for (const name of ['r1.png', 'r2.png', 'r3.png']) {
      const meta = await sharp(entries.get(name)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 200]);
    }
  });

  it('lets the admin act for an account: charged to the template’s account; cancel answers the batch', async () => {
    const before = await unitsLeft(server.url, theirs.accountId);
    const admin = await signIn(server.url, { adminToken: ADMIN_TOKEN });
    const path = `/templates/card/batches?accountId=${theirs.accountId}`;
    const started = await admin.api('POST', path, rows('a', 'b'));
    expect(started.status).toBe(202);
    const id = String(started.body.data?.id);
    const cancelled = await admin.api('DELETE', `/batches/${id}?accountId=${theirs.accountId}`);
    expect(cancelled.status).toBe(200);
    const end = await finished(admin, id, theirs.accountId);
    expect(Number(end.done) + Number(end.cancelled)).toBe(2);
    // An item cancelled while rendering gives its unit back when its render ends.
    await expect.poll(() => unitsLeft(server.url, theirs.accountId), POLL).toBe(before - Number(end.done));
    // The admin must say whose batch it means.
    const unnamed = await admin.api('GET', `/batches/${id}`);
    expect([unnamed.status, unnamed.body.code]).toEqual([400, 10103]);
  });
});

describe('the studio guards', () => {
  it('refuses a start from another origin, without the CSRF token, or without a session; nothing is kept', async () => {
    const before = await unitsLeft(server.url, mine.accountId);
    const elsewhere = await studio.api('POST', '/templates/card/batches', rows('a'), {
      headers: { origin: 'https://evil.example' },
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, 10104]);
    expect(elsewhere.body.message).toContain('Origin');
    const noToken = await studio.api('POST', '/templates/card/batches', rows('a'), { csrf: false });
    expect([noToken.status, noToken.body.code]).toEqual([401, 10104]);
    expect(noToken.body.message).toContain('X-CSRF-Token');
    const noSession = await call(server.url, 'POST', '/studio/api/templates/card/batches/check', {
      body: rows('a'),
    });
    expect(noSession.status).toBe(401);
    expect(await unitsLeft(server.url, mine.accountId)).toBe(before);
  });

  it('hides another account’s template and batches (404), and needs a session for the zip', async () => {
    const admin = await signIn(server.url, { adminToken: ADMIN_TOKEN });
    const theirBatch = await admin.api(
      'POST',
      `/templates/card/batches?accountId=${theirs.accountId}`,
      rows('a'),
    );
    const id = String(theirBatch.body.data?.id);
    const other = `?accountId=${theirs.accountId}`;
    expect((await studio.api('POST', `/templates/card/batches/check${other}`, rows('a'))).status).toBe(404);
    expect((await studio.api('GET', `/batches/${id}`)).status).toBe(404);
    expect((await studio.api('GET', `/batches/${id}/archive`)).status).toBe(404);
    expect((await studio.api('DELETE', `/batches/${id}`)).status).toBe(404);
    const anonymous = await fetch(
      `${server.url}/studio/api/batches/${id}/archive?accountId=${theirs.accountId}`,
    );
    expect(anonymous.status).toBe(401);
    await finished(admin, id, theirs.accountId);
  });
});
