/**
 * The same answers when the machine is busy (issue 37), on the real server with every core saturated by busy loops:
 * a fresh server's first render with CJK text succeeds (loading the faces is not timed), a template's patterns never
 * refuse valid values, and a render stopped by its time limit says so in HTTP terms and is logged at warn with both
 * codes, the engine's message, the limit and the timings.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyCores, stopBusyCores } from '../../core/test/helpers/busy-cores.mjs';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ADMIN_TOKEN, adminOk, fetchImage, render, seedAccount } from './helpers/http-server.js';

/** Log lines the server wrote (pino JSON), as objects. */
const lines: Record<string, unknown>[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});

let spinners: ChildProcess[] = [];
let server: RunningServer;
let dataDir: string;
let base: string;

beforeAll(async () => {
  spinners = await busyCores();
  dataDir = await mkdtemp(join(tmpdir(), 'pictor-busy-'));
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      adminToken: ADMIN_TOKEN,
      logLevel: 'info',
      workers: 1,
      limits: { renderTimeoutMs: 10_000 },
    },
  );
  server = await startServer(config, { logger: pino({ level: 'info' }, logSink) });
  base = server.url;
});

afterAll(async () => {
  stopBusyCores(spinners);
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a busy machine', () => {
  it("a fresh server's first render with CJK text answers 200, the text drawn", async () => {
    const { key } = await seedAccount(base, 10);
    const res = await render(base, key, '/render', {
      content:
        '<div style="display:flex;width:100%;height:100%;background:white;color:black;font-size:64px;padding:20px">你好，世界</div>',
      width: 400,
      height: 120,
      format: 'png',
    });
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 0, 'success']);
    const image = await fetchImage(res.body.data?.url as string);
    expect([image.format, image.width, image.height]).toEqual(['png', 400, 120]);
    // Glyphs were drawn: dark pixels inside the first character's box.
    let dark = 0;
    for (let y = 30; y < 100; y++)
      for (let x = 20; x < 90; x++) if ((image.pixel(x, y)[0] as number) < 100) dark++;
    expect(dark).toBeGreaterThan(50);
  });

  it('30 renders of a published template with a tag pattern: none refused', async () => {
    const { key, accountId } = await seedAccount(base, 40);
    const created = await adminOk<{ id: string }>(base, 'POST', '/templates', {
      accountId,
      name: 'social card',
      content:
        '<div style="display:flex;width:100%;height:100%;background:#111;color:white;font-size:24px">{{title}}{{#tags}} #{{.}}{{/tags}}</div>',
      variables: {
        title: { type: 'string', required: true, maxLength: 80 },
        tags: { type: 'array', items: { type: 'string', pattern: '^[\\p{L}\\p{N}_-]+$' }, maxItems: 5 },
      },
      width: 300,
      height: 100,
      format: 'png',
    });
    await adminOk(base, 'POST', `/templates/${created.id}/publish`);
    const answers: number[] = [];
    for (let round = 0; round < 30; round++) {
      const res = await render(base, key, `/templates/${created.id}/render`, {
        variables: { title: `Card ${round}`, tags: ['images', 'nodejs', 'og'] },
      });
      answers.push(res.body.code);
    }
    expect(answers).toEqual(answers.map(() => 0));
  });
});

describe('a render stopped by its time limit', () => {
  let limited: RunningServer;
  let limitedDir: string;
  beforeAll(async () => {
    limitedDir = await mkdtemp(join(tmpdir(), 'pictor-busy-limit-'));
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: limitedDir,
        adminToken: ADMIN_TOKEN,
        logLevel: 'info',
        workers: 1,
        limits: { renderTimeoutMs: 100 },
      },
    );
    limited = await startServer(config, { logger: pino({ level: 'info' }, logSink) });
  });
  afterAll(async () => {
    await limited?.close();
    await rm(limitedDir, { recursive: true, force: true });
  });

  it('answers 403 / 20105 naming the server setting, and logs it at warn with the cause', async () => {
    const { key } = await seedAccount(limited.url, 10);
    const heavy = `<div style="display:flex;flex-wrap:wrap">${'<div style="box-shadow:0 0 40px red;width:30px;height:30px;margin:2px;filter:blur(4px)">x</div>'.repeat(3000)}</div>`;
    const res = await render(limited.url, key, '/render', { content: heavy, width: 1200, height: 2000 });
    expect([res.status, res.body.code]).toEqual([403, 20105]);
    expect(res.body.message).toMatch(
      /^image generation failed: the render used more than 100 ms of CPU time and was stopped: .*ask this server's operator to raise PICTOR_RENDER_TIMEOUT_MS$/,
    );
    expect(res.body.message).not.toContain('limits.timeoutMs');
    const line = lines.find((entry) => entry.msg === 'render failed');
    expect(line).toMatchObject({
      level: 40,
      res: { statusCode: 403 },
      failure: {
        code: 20105,
        engineCode: 'RENDER_TIMEOUT',
        engineMessage: expect.stringContaining('raise limits.timeoutMs'),
        limit: 'timeoutMs',
        reason: 'cpu',
        timings: { queue: expect.any(Number), total: expect.any(Number), counted: expect.any(Number) },
      },
    });
  });

  it('a render failing in a stage is logged with the stage and its timings', async () => {
    const { key } = await seedAccount(limited.url, 10);
    // A font that is not a font: FONT_ERROR in the resources stage.
    const res = await render(limited.url, key, '/render', {
      content: '<div style="display:flex;font-family:Broken">x</div>',
      width: 100,
      height: 100,
      fonts: [{ family: 'Broken', data: Buffer.from('not a font at all').toString('base64') }],
    });
    expect([res.status, res.body.code]).toEqual([403, 20105]);
    const line = lines.filter((entry) => entry.msg === 'render failed').at(-1);
    expect(line).toMatchObject({
      level: 40,
      failure: {
        code: 20105,
        engineCode: 'FONT_ERROR',
        stage: expect.any(String),
        timings: { parse: expect.any(Number), queue: expect.any(Number) },
      },
    });
  });
});
