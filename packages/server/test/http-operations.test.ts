/** Operations: JSON logs with request ids and no secrets, one line per render, graceful shutdown with renders in flight. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/http/logging.js';
import { startServer } from '../src/server.js';
import { HELD_ALLOW_LIST, type HeldImages, startHeldImages } from './helpers/held-image.js';
import { ADMIN_TOKEN, admin, render, seedAccount, unitsLeft } from './helpers/http-server.js';

/** Polling for an event only: the suite's per-test time-out is the hang guard. */
const POLL = { timeout: 100_000, interval: 20 };
const dirs: string[] = [];
/** Renders held by the test keep the worker busy until it lets them go (helpers/held-image.ts). */
let held: HeldImages;
beforeAll(async () => {
  held = await startHeldImages();
});
afterAll(async () => {
  await held.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function start(lines: string[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pictor-ops-'));
  dirs.push(dataDir);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig(
    {},
    { port: 0, dataDir, adminToken: ADMIN_TOKEN, workers: 1, limits: { fetchAllowList: HELD_ALLOW_LIST } },
  );
  return startServer(config, { logger: createLogger('info', sink) });
}

describe('logs', () => {
  it('are JSON lines, one per request with its id (and what it rendered), never showing keys, tokens or signatures', async () => {
    const lines: string[] = [];
    const server = await start(lines);
    try {
      const { key } = await seedAccount(server.url, 5);
      const res = await render(server.url, key, '/render', {
        content: '<div style="display:flex;width:10px;height:10px;background:#000"></div>',
      });
      const url = (res.body.data as { url: string }).url;
      await (await fetch(url)).arrayBuffer();
      await render(server.url, 'pk_wrong', '/render', { content: 'x' });
      const sign = new URL(url).searchParams.get('sign') as string;
      // A request's line is written once its response has gone out, which the client may see first.
      await expect
        .poll(() => lines.filter((l) => l.includes('"request completed"')).length, POLL)
        .toBeGreaterThanOrEqual(6);
      const text = lines.join('\n');
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(3, 20));
      expect(text).not.toContain(ADMIN_TOKEN);
      expect(text).not.toContain(sign);
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      // One line per request, written when it completed: request, status, time and, for a render, what it did.
      const completed = parsed.filter((l) => l.msg === 'request completed') as Array<{
        reqId: string;
        req: { method: string; url: string };
        res: { statusCode: number };
        responseTime: number;
        render?: { format: string; server: { storedAt: number } };
      }>;
      expect(completed.map((l) => `${l.req.method} ${l.req.url.split('?')[0]} ${l.res.statusCode}`)).toEqual(
        expect.arrayContaining([
          'POST /open/v1/images/render 200',
          `GET ${new URL(url).pathname} 200`,
          'POST /open/v1/images/render 401',
        ]),
      );
      for (const l of completed) expect(typeof l.reqId).toBe('string');
      expect(new Set(completed.map((l) => l.reqId)).size).toBe(completed.length);
      expect(parsed.filter((l) => l.msg === 'incoming request')).toHaveLength(0);
      const rendered = completed.filter((l) => l.render !== undefined);
      expect(rendered).toHaveLength(1);
      expect(rendered[0]?.req.url).toBe('/open/v1/images/render');
      expect(rendered[0]?.render).toMatchObject({ format: 'webp', width: 10, height: 10, reused: false });
      expect(rendered[0]?.render?.server.storedAt).toBeLessThanOrEqual(rendered[0]?.responseTime ?? 0);
      const line = rendered[0] as unknown as { render: { timings: { total: number } } };
      expect(line.render.timings.total).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('write one line for a request whose client went away before the answer, and the render still completes', async () => {
    const lines: string[] = [];
    const server = await start(lines);
    try {
      const { key, accountId } = await seedAccount(server.url, 5);
      const controller = new AbortController();
      const hold = held.hold();
      const request = fetch(`${server.url}/open/v1/images/render`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'x-request-id': 'gone-early' },
        body: JSON.stringify({ content: hold.content, format: 'png' }),
        signal: controller.signal,
      });
      // Leave once the render is running (one still waiting would be dropped and never render); it goes on only
      // once the server has seen the client leave.
      await hold.asked;
      controller.abort();
      await expect(request).rejects.toThrow();
      const mine = () =>
        lines
          .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
          .filter((l) => l.reqId === 'gone-early');
      await expect.poll(() => mine().some((l) => l.msg === 'request aborted'), POLL).toBe(true);
      hold.release();
      await expect
        .poll(() => mine().some((l) => l.msg === 'rendered for a client that left'), POLL)
        .toBe(true);
      // The abort is noted when it happens; the render finishes (the object stored) and the request's line then says
      // so. Nobody received the answer: the unit goes back.
      expect(mine().map((l) => l.msg)).toEqual(['request aborted', 'rendered for a client that left']);
      expect(await unitsLeft(server.url, accountId)).toBe(5);
    } finally {
      // Known and left (see the issue note): after a client abandoned a request, Node keeps the server side of the
      // connection open and a graceful close waits its whole grace period (15 s); this test is about the log.
      server.app.server.closeAllConnections();
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight render finish, then refuses new connections', async () => {
    const lines: string[] = [];
    const server = await start(lines);
    const { key } = await seedAccount(server.url, 5);
    const hold = held.hold();
    const slow = render(server.url, key, '/render', { content: hold.content, format: 'png' });
    // Close while the render is running (one still waiting for a worker would be answered 503 at once).
    await hold.asked;
    const closed = server.close();
    hold.release();
    const res = await slow;

    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    await closed;
    // The keep-alive connection of the finished request did not hold the shutdown open until the grace period
    // (render time limit + 5 s) cut it.
    expect(lines.filter((l) => l.includes('after the grace period'))).toEqual([]);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    await expect(admin(server.url, 'GET', '/templates')).rejects.toThrow();
  });
});
