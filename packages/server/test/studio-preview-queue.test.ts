/**
 * A studio preview waits its account's turn for a worker like a render, and is dropped from the queue when its client
 * leaves: on the real server with one worker, held busy by a render waiting on a picture from a loopback server that
 * answers only when the test lets it.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, seedAccount, startTestServer, type TestServer } from './helpers/http-server.js';
import { signIn } from './helpers/studio.js';

let t: TestServer;
let pictures: ReturnType<typeof createServer>;
let pictureUrl: string;
const held: ServerResponse[] = [];

beforeAll(async () => {
  pictures = createServer((_request, response) => held.push(response));
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  pictureUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/held.png`;
  t = await startTestServer({ fetchAllowList: ['127.0.0.1'], fetchTimeoutMs: 120_000 });
});

afterAll(async () => {
  for (const response of held) response.destroy();
  await t?.close();
  await new Promise((resolve) => pictures.close(resolve));
});

/** Resolve once `condition` holds, looking again on every turn of the event loop (the test's own hang guard ends it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a preview whose client leaves', () => {
  it('is dropped while it waits for a worker: it never runs, and the worker goes on to other work', async () => {
    const account = await seedAccount(t.url, 5);
    const studio = await signIn(t.url, { apiKey: account.key });
    const stats = () => t.server.renderer.stats();
    const before = stats();

    // The only worker is busy with a render that waits for its picture.
    const busy = render(t.url, account.key, '/render', {
      content: `<div style="display:flex"><img src="${pictureUrl}" width="20" height="20"></div>`,
      width: 40,
      height: 40,
    });
    await until(() => held.length === 1 && stats().busy === 1);

    // A preview queues behind it; its client gives up.
    const controller = new AbortController();
    const preview = fetch(`${t.url}/studio/api/preview`, {
      method: 'POST',
      headers: { cookie: studio.cookie, 'x-csrf-token': studio.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '<div style="display:flex">draft</div>', width: 60, height: 30 }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await until(() => stats().queued === 1);
    controller.abort();
    expect(await preview).toMatchObject({ name: 'AbortError' });
    await until(() => stats().queued === 0);

    // The picture fails; the render ends (drawn without it, or failed: it only held the worker).
    held[0]?.writeHead(404).end();
    const answered = await busy;
    expect([200, 403]).toContain(answered.status);
    // The dropped preview never reached a worker: one render finished or failed, and nothing else ran.
    const after = stats();
    expect(after.completed + after.failed - before.completed - before.failed).toBe(2); // the render, the drop
    expect(after.completed - before.completed).toBeLessThanOrEqual(1);
    expect(after.queued).toBe(0);
    expect(after.busy).toBe(0);
  });
});
