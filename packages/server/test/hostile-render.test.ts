/**
 * Hostile rendering input end to end (real server on loopback, SQLite, files, worker pool): each ends in 400/10103
 * or 403/20105 with a clear message, no unit is charged, the server stays up and its memory comes back; a runaway
 * render is stopped at the render time limit, its worker replaced, and other requests are unaffected.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ADMIN_TOKEN, call, fetchImage, render, seedAccount, unitsLeft } from './helpers/http-server.js';
import { workerProcesses } from './helpers/worker-processes.js';

const TIMEOUT_MS = 1500;

let dataDir: string;
let server: RunningServer;
let url: string;
let assets: http.Server;
let assetOrigin: string;

/** Runs for tens of seconds without a time limit: thousands of blurred, shadowed boxes on a 4096² canvas. */
const RUNAWAY = `<div style="display:flex;flex-wrap:wrap;width:4096px">${'<div style="width:60px;height:60px;box-shadow:0 0 80px 20px red;filter:blur(20px)"></div>'.repeat(3000)}</div>`;

beforeAll(async () => {
  // A local asset server, allow-listed, serving an image over the byte limit.
  const big = Buffer.alloc(3 * 1024 * 1024, 0x42);
  assets = http.createServer((req, res) => {
    if (req.url === '/big.png') {
      res.setHeader('content-type', 'image/png');
      res.end(big);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => assets.listen(0, '127.0.0.1', resolve));
  assetOrigin = `http://127.0.0.1:${(assets.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'pictor-hostile-'));
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      adminToken: ADMIN_TOKEN,
      logLevel: 'silent',
      workers: 2,
      limits: {
        rateLimitMax: 100_000,
        renderTimeoutMs: TIMEOUT_MS,
        fetchMaxBytes: 1024 * 1024,
        fetchAllowList: ['127.0.0.1'],
      },
    },
  );
  server = await startServer(config);
  url = server.url;
});

afterAll(async () => {
  await server?.close();
  await new Promise((r) => assets?.close(r));
  await rm(dataDir, { recursive: true, force: true });
});

function dataUri(bytes: Buffer | string, mime: string): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

async function bombPng(width = 50_000, height = 50_000): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // CRC of the IHDR chunk (type + data).
  let crc = 0xffffffff;
  for (const byte of png.subarray(12, 29)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  png.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29);
  return png;
}

const BILLION_LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&d;</text></svg>';

describe('hostile bodies over HTTP', () => {
  const cases: [string, () => Promise<unknown> | unknown, number[], RegExp][] = [
    ['width "NaN"', () => ({ content: '<div>x</div>', width: 'NaN' }), [400, 10103], /^width: /],
    [
      'width 1e309 (Infinity once parsed)',
      () => '{"content":"<div>x</div>","width":1e309}',
      [400, 10103],
      /width/,
    ],
    ['height -5', () => ({ content: '<div>x</div>', height: -5 }), [400, 10103], /^height: /],
    [
      'quality 50.5',
      () => ({ content: '<div>x</div>', format: 'jpeg', quality: 50.5 }),
      [400, 10103],
      /^quality: /,
    ],
    [
      'width × height 4096 × 4097',
      () => ({ content: '<div>x</div>', width: 4096, height: 4097 }),
      [400, 10103],
      /height|pixels/,
    ],
    [
      '1 MiB of text',
      () => ({ content: `<div>${'a'.repeat(1024 * 1024)}</div>`, width: 100, height: 100 }),
      [400, 10103],
      /characters of text/,
    ],
    [
      '100,000 elements',
      () => ({
        content: `<div style="display:flex">${'<i></i>'.repeat(100_000)}</div>`,
        width: 50,
        height: 50,
      }),
      [400, 10103],
      /elements/,
    ],
    [
      'a PNG declaring 50,000 × 50,000',
      async () => ({
        content: `<img src="${dataUri(await bombPng(), 'image/png')}" width="10" height="10">`,
        width: 20,
        height: 20,
      }),
      [403, 20105],
      /pixels/,
    ],
    [
      'a PNG declaring 20,000 × 20,000 inside an SVG picture',
      async () => ({
        content: `<img src="${dataUri(
          `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="${dataUri(await bombPng(20_000, 20_000), 'image/png')}" width="10" height="10"/></svg>`,
          'image/svg+xml',
        )}" width="10" height="10">`,
        width: 20,
        height: 20,
      }),
      [403, 20105],
      /a picture in it .*20000×20000 pixels, over the limit/,
    ],
    [
      'an SVG billion laughs',
      () => ({
        content: `<img src="${dataUri(BILLION_LAUGHS, 'image/svg+xml')}" width="10" height="10">`,
        width: 20,
        height: 20,
      }),
      [403, 20105],
      /image/,
    ],
    [
      'a remote image over the byte limit',
      () => ({ content: `<img src="${assetOrigin}/big.png" width="10" height="10">`, width: 20, height: 20 }),
      [403, 20105],
      /bytes|MiB|large|limit/i,
    ],
    [
      'a garbage font',
      () => ({
        content: '<div style="font-family:Bad">x</div>',
        width: 20,
        height: 20,
        fonts: [{ family: 'Bad', data: Buffer.from('garbage'.repeat(50)).toString('base64') }],
      }),
      [403, 20105],
      /Bad/,
    ],
    [
      'a truncated font',
      () => ({
        content: '<div style="font-family:Cut">x</div>',
        width: 20,
        height: 20,
        fonts: [{ family: 'Cut', data: Buffer.from([0, 1, 0, 0, 0, 9, 0, 0]).toString('base64') }],
      }),
      [403, 20105],
      /Cut/,
    ],
  ];

  it.each(cases)(
    '%s → documented code and message; no unit charged',
    async (_name, make, expected, message) => {
      const { accountId, key } = await seedAccount(url, 3);
      const body = await make();
      const res = await render(url, key, '/render', body, {
        'content-type': 'application/json; charset=utf-8',
      });
      expect([res.status, res.body.code]).toEqual(expected);
      expect(res.body.message).toMatch(message);
      expect(res.body.message.length).toBeLessThan(400);
      expect(res.body.data).toBeUndefined();
      expect(await unitsLeft(url, accountId)).toBe(3);
    },
  );

  it('renders that the engine bounds (10,000 levels, huge font-size, 1e9px blur) answer 200 or a documented code', async () => {
    const { key } = await seedAccount(url, 10);
    for (const content of [
      `${'<div style="display:flex">'.repeat(10_000)}x${'</div>'.repeat(10_000)}`,
      '<div style="display:flex;font-size:1e9px">Hi</div>',
      '<div style="display:flex;box-shadow:0 0 1e9px 1e9px red;filter:blur(1e9px)">Hi</div>',
    ]) {
      const res = await render(url, key, '/render', { content, width: 64, height: 32, format: 'png' });
      expect([
        [200, 0],
        [400, 10103],
        [403, 20105],
      ]).toContainEqual([res.status, res.body.code]);
    }
    expect((await call(url, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('a catastrophic variable pattern', () => {
  it('a crafted value answers 400 / 10103 (patterns run in linear time), and the server keeps answering meanwhile', async () => {
    const { accountId, key } = await seedAccount(url, 5);
    const created = await call(url, 'POST', '/admin/v1/templates', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: {
        accountId,
        name: 'redos',
        content: '<div style="display:flex">{{title}} {{#tags}}{{.}}{{/tags}}</div>',
        variables: {
          title: { type: 'string', pattern: '^(a+)+$', maxLength: 100 },
          tags: { type: 'array', items: { type: 'string', pattern: '^(a+)+$' } },
        },
        width: 40,
        height: 20,
        format: 'png',
      },
    });
    const id = String(created.body.data?.id);
    await call(url, 'POST', `/admin/v1/templates/${id}/publish`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const evil = `${'a'.repeat(34)}!`;
    // Backtracking, 2^34 steps: the answer would never come within the test's time-out. How fast it comes is a
    // benchmark's question (a clock here measures the machine's other work too).
    const [res, health] = await Promise.all([
      render(url, key, `/templates/${id}/render`, {
        variables: { title: evil, tags: Array.from({ length: 500 }, () => evil) },
      }),
      call(url, 'GET', '/healthz'),
    ]);
    expect([res.status, res.body.code]).toEqual([400, 10103]);
    expect(res.body.message).toMatch(/must match pattern/);
    expect(health.status).toBe(200);
    expect(await unitsLeft(url, accountId)).toBe(5);
  });
});

describe('a runaway render', () => {
  it('is stopped at the time limit (20105), its worker replaced, and other requests go on', async () => {
    const { accountId, key } = await seedAccount(url, 20);
    const before = server.renderer.stats();
    const runaway = render(url, key, '/render', {
      content: RUNAWAY,
      width: 4096,
      height: 4096,
      format: 'png',
    });
    // Meanwhile, on the other worker, small renders keep completing.
    for (let i = 0; i < 5; i++) {
      const res = await render(url, key, '/render', {
        content: `<div style="display:flex;width:100%;height:100%;background:#00${(i * 50).toString(16).padStart(2, '0')}00"></div>`,
        width: 16,
        height: 16,
        format: 'png',
      });
      expect(res.status).toBe(200);
    }
    const res = await runaway;
    expect([res.status, res.body.code]).toEqual([403, 20105]);
    expect(res.body.message).toMatch(/used more than 1500 ms of CPU time.*PICTOR_RENDER_TIMEOUT_MS$/);
    const after = server.renderer.stats();
    expect(after.timedOut).toBe(before.timedOut + 1);
    expect(after.workersReplaced).toBeGreaterThanOrEqual(before.workersReplaced + 1);
    // The replacement worker renders; only the 5 quick renders and this one were charged.
    const next = await render(url, key, '/render', {
      content: '<div style="display:flex;width:100%;height:100%;background:#ff00ff"></div>',
      width: 8,
      height: 8,
      format: 'png',
    });
    expect(next.status).toBe(200);
    expect((await fetchImage(String(next.body.data?.url))).pixel(4, 4)).toEqual([255, 0, 255, 255]);
    expect(await unitsLeft(url, accountId)).toBe(20 - 6);
    await expect.poll(() => server.renderer.stats().workers).toBe(2);
  });
});

describe('memory', () => {
  // Renders run in the worker processes: their memory is measured there, and this process's (the server's) too.
  // A server of its own with a time limit no hostile body reaches on a loaded machine: a worker replaced between the
  // two measurements would hide its growth.
  let quiet: RunningServer;
  let quietDir: string;
  let otherWorkers: Set<number>;
  const quietWorkers = () => workerProcesses().filter((worker) => !otherWorkers.has(worker.pid));
  beforeAll(async () => {
    // The first server's workers, idle from here on.
    otherWorkers = new Set(workerProcesses().map((worker) => worker.pid));
    quietDir = await mkdtemp(join(tmpdir(), 'pictor-hostile-memory-'));
    quiet = await startServer(
      loadConfig(
        {},
        {
          port: 0,
          host: '127.0.0.1',
          dataDir: quietDir,
          adminToken: ADMIN_TOKEN,
          logLevel: 'silent',
          workers: 2,
          limits: { rateLimitMax: 100_000, renderTimeoutMs: 60_000 },
        },
      ),
    );
  });
  afterAll(async () => {
    await quiet?.close();
    await rm(quietDir, { recursive: true, force: true });
  });

  it.skipIf(process.platform !== 'linux')(
    'comes back: three more rounds of the hostile bodies leave the workers and the server where two left them',
    async () => {
      const { key } = await seedAccount(quiet.url, 100);
      const round = async () => {
        for (const content of [
          `<div>${'a'.repeat(1024 * 1024)}</div>`,
          `<img src="${dataUri(await bombPng(), 'image/png')}" width="10" height="10">`,
          '<div style="display:flex;box-shadow:0 0 1e9px 1e9px red">Hi</div>',
          `<div style="display:flex">${'<i></i>'.repeat(100_000)}</div>`,
        ]) {
          await render(quiet.url, key, '/render', { content, width: 64, height: 32, format: 'png' });
        }
      };
      await round();
      await round();
      const workersAfterTwo = quietWorkers();
      const serverAfterTwo = process.memoryUsage().rss;
      for (let i = 0; i < 3; i++) await round();
      const workersAfterFive = quietWorkers();
      // The same two workers rendered every round.
      expect(quiet.renderer.stats()).toMatchObject({ workers: 2, workersReplaced: 0 });
      expect(workersAfterTwo).toHaveLength(2);
      expect(workersAfterFive.map((worker) => worker.pid)).toEqual(
        workersAfterTwo.map((worker) => worker.pid),
      );
      // Three more rounds add (next to) nothing in either worker nor in the server: no leak per hostile request.
      workersAfterFive.forEach((worker, i) => {
        expect(worker.rssBytes).toBeLessThan(workersAfterTwo[i]!.rssBytes * 1.2 + 40 * 1024 * 1024);
      });
      expect(process.memoryUsage().rss).toBeLessThan(serverAfterTwo * 1.2 + 50 * 1024 * 1024);
    },
    120_000,
  );
});

describe('slow clients', () => {
  it('a request must arrive whole within the request timeout (Node checks it; Fastify’s default 0 turned it off)', () => {
    const listening = server.app.server;
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(listening.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(listening.headersTimeout).toBeGreaterThan(0);
    expect(listening.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
  });
});
