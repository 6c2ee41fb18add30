/** Operations: JSON logs with request ids and no secrets, one line per render, graceful shutdown with renders in flight. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/http/logging.js';
import { startServer } from '../src/server.js';
import { ADMIN_TOKEN, admin, render, seedAccount } from './helpers/http-server.js';

const dirs: string[] = [];
afterAll(async () => {
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
  const config = loadConfig({}, { port: 0, dataDir, adminToken: ADMIN_TOKEN, workers: 1 });
  return startServer(config, { logger: createLogger('info', sink) });
}

describe('logs', () => {
  it('are JSON lines with request ids, one line per render, and never show keys, tokens or signatures', async () => {
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
      const text = lines.join('\n');
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(3, 20));
      expect(text).not.toContain(ADMIN_TOKEN);
      expect(text).not.toContain(sign);
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const requests = parsed.filter((l) => l.msg === 'incoming request');
      expect(requests.length).toBeGreaterThan(3);
      for (const l of requests) expect(typeof l.reqId).toBe('string');
      const rendered = parsed.filter((l) => l.msg === 'rendered');
      expect(rendered).toHaveLength(1);
      expect(rendered[0]?.render).toMatchObject({ format: 'webp', width: 10, height: 10, reused: false });
      const line = rendered[0] as { render: { timings: { total: number } } };
      expect(line.render.timings.total).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight render finish, then refuses new connections', async () => {
    const lines: string[] = [];
    const server = await start(lines);
    const { key } = await seedAccount(server.url, 5);
    const slow = render(server.url, key, '/render', {
      content:
        '<div style="display:flex;width:100%;height:100%;background:linear-gradient(45deg,#f00,#00f,#0f0)"></div>',
      width: 1000,
      height: 1000,
      format: 'png',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const t0 = Date.now();
    const closed = server.close();
    const res = await slow;

    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    await closed;
    // The keep-alive connection of the finished request does not hold the shutdown open.
    expect(Date.now() - t0).toBeLessThan(8_000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    await expect(admin(server.url, 'GET', '/templates')).rejects.toThrow();
  });
});
