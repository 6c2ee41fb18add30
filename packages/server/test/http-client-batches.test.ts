/**
 * `@pictor/client` against a real server: createBatch, waitForBatch with progress, listBatchItems, batchArchive,
 * cancelBatch, and verifyWebhook on what the server signs (and on what it did not).
 */
import { createClient, PictorApiError, verifyWebhook, WebhookVerificationError } from '@pictor/client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOk,
  seedAccount,
  startTestServer,
  type TestServer,
  templateBody,
} from './helpers/http-server.js';
import { readZip } from './helpers/zip.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, {}, { batches: { pollMs: 20 } });
});
afterAll(async () => {
  await server?.close();
});

describe('@pictor/client batches', () => {
  it('creates a batch, waits for it with progress, lists its items and reads its zip', async () => {
    const { accountId, key } = await seedAccount(server.url, 10);
    const template = await adminOk<{ id: string }>(server.url, 'POST', '/templates', templateBody(accountId));
    await adminOk(server.url, 'POST', `/templates/${template.id}/publish`, {});
    const pictor = createClient({ baseUrl: server.url, apiKey: key });
    await expect(
      pictor.createBatch({ templateId: template.id, items: [{ variables: { title: 'x'.repeat(30) } }] }),
    ).rejects.toMatchObject({
      name: 'PictorApiError',
      code: 10103,
      status: 400,
      message: 'items[0].variables.title: must NOT have more than 20 characters',
    });
    const batch = await pictor.createBatch({
      templateId: template.id,
      items: ['a', 'b', 'c'].map((id) => ({ id, variables: { title: id } })),
      format: 'png',
    });
    expect(batch.status).toBe('queued');
    const seen: string[] = [];
    const ended = await pictor.waitForBatch(batch.id, {
      intervalMs: 20,
      onProgress: (b) => seen.push(b.status),
    });
    expect(ended).toMatchObject({ status: 'done', done: 3 });
    expect(seen.at(-1)).toBe('done');
    const items = await pictor.listBatchItems(batch.id);
    expect(items.map((i) => [i.id, i.status, i.format])).toEqual([
      ['a', 'done', 'png'],
      ['b', 'done', 'png'],
      ['c', 'done', 'png'],
    ]);
    const zip = await new Response(await pictor.batchArchive(batch.id)).arrayBuffer();
    expect([...readZip(Buffer.from(zip)).keys()].sort()).toEqual([
      'a.png',
      'b.png',
      'c.png',
      'manifest.json',
    ]);
    expect(await pictor.cancelBatch(batch.id)).toMatchObject({ status: 'done', done: 3 });
    await expect(pictor.getBatch('bat_nope')).rejects.toBeInstanceOf(PictorApiError);
  });

  it('verifyWebhook accepts what the server signs, and refuses another body, secret or time', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const body = JSON.stringify({
      type: 'batch.finished',
      timestamp: '2026-01-01T00:00:00Z',
      data: { id: 'bat_x' },
    });
    const at = new Date(1_800_000_000_000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(at.getTime() / 1000),
      'webhook-signature': new Webhook(secret).sign('msg_1', at, body),
    };
    const now = at.getTime() + 1000;
    const event = await verifyWebhook(secret, body, headers, { now });
    expect(event.data.id).toBe('bat_x');
    expect(await verifyWebhook(secret, body, new Headers(headers), { now })).toEqual(event);
    await expect(verifyWebhook(secret, `${body} `, headers, { now })).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    const other = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
    await expect(verifyWebhook(other, body, headers, { now })).rejects.toThrow(/no signature matches/);
    await expect(verifyWebhook(secret, body, headers, { now: now + 600_000 })).rejects.toThrow(/timestamp/);
    await expect(
      verifyWebhook(secret, body, { ...headers, 'webhook-signature': undefined }, { now }),
    ).rejects.toThrow(/webhook-signature header is missing/);
  });
});
