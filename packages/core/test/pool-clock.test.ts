/**
 * A render's time limit counts what its content costs — its worker's CPU time — not the neighbours' load; the
 * wall-clock backstop stops a worker that makes no progress; loading the optional fonts (CJK, Arabic, Thai) is never
 * counted, and a worker that replaces one stopped by a limit loads again what the pool had loaded.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../dist/index.js';
import { RenderClock, cpuMsOf, processStatPath, watchClock } from '../src/pool/render-clock.js';
import { renderTimeoutMessage } from '../src/pool/render-timeout.js';
import { busyCores, stopBusyCores } from './helpers/busy-cores.mjs';
import { expectFormatAndSize } from './helpers/image-compare.js';

const CARD =
  '<div style="display:flex;flex-direction:column;width:100%;height:100%;background:#1e293b;color:white;padding:40px"><div style="font-size:48px;font-weight:700">Busy machines</div><div style="font-size:24px">give the same answers</div></div>';
const CJK_CARD =
  '<div style="display:flex;width:100%;height:100%;background:white;font-size:40px;padding:20px">你好，世界 こんにちは مرحبا สวัสดี</div>';
/** Lays out for seconds of CPU time (a worker's heap grows meanwhile: cut short by the limits below). */
const HEAVY = `<div style="display:flex;flex-wrap:wrap">${'<div style="box-shadow:0 0 40px red;width:30px;height:30px;margin:2px;filter:blur(4px)">x</div>'.repeat(3000)}</div>`;

describe('the render clock', () => {
  it("reads a process's CPU time from /proc and counts only while running", () => {
    const cpu = cpuMsOf(processStatPath(process.pid));
    if (cpu === undefined) return; // not Linux: renders are timed by the clock
    expect(cpu).toBeGreaterThan(0);
    const clock = new RenderClock(processStatPath(process.pid));
    expect(clock.kind).toBe('cpu');
    clock.pause();
    const paused = clock.usedMs();
    // Busy work while paused is not counted.
    let x = 0;
    for (let index = 0; index < 5e7; index++) x += index % 7;
    expect(x).toBeGreaterThan(0);
    expect(clock.usedMs()).toBe(paused);
    clock.resume();
    for (let index = 0; index < 5e7; index++) x += index % 7;
    expect(clock.usedMs()).toBeGreaterThan(paused);
  });

  it('falls back to the clock where there is no stat file', () => {
    expect(new RenderClock('/proc/no-such-process/stat').kind).toBe('wall');
    expect(new RenderClock(undefined).kind).toBe('wall');
  });

  it("says which limit was hit and how to raise it, in the caller's terms", () => {
    expect(renderTimeoutMessage('cpu', 10_000)).toMatch(
      /^the render used more than 10000 ms of CPU time and was stopped: .*; draw less, or raise limits\.timeoutMs$/,
    );
    expect(renderTimeoutMessage('stuck', 60_000)).toMatch(/raise limits\.wallTimeoutMs$/);
    expect(renderTimeoutMessage('cpu', 5000, 'ask for PICTOR_RENDER_TIMEOUT_MS to be raised')).toMatch(
      /ask for PICTOR_RENDER_TIMEOUT_MS to be raised$/,
    );
  });
});

// Every core is busy: these take minutes of wall time (the timeout is a hang guard, not a measure).
describe.each(['process', 'thread'] as const)(
  'limits on a busy machine (%s workers)',
  { timeout: 300_000 },
  (isolation) => {
    let spinners: ChildProcess[] = [];
    beforeAll(async () => {
      spinners = await busyCores();
    });
    afterAll(() => {
      stopBusyCores(spinners);
    });

    it('ordinary renders succeed under a 1 s CPU limit while every core is busy (workers at the default priority)', async () => {
      const renderer = createRenderer({ workers: 1, isolation, limits: { timeoutMs: 1000 } });
      try {
        for (let round = 0; round < 5; round++) {
          const result = await renderer.render({
            html: CARD.replace('Busy', `Busy ${round}`),
            width: 600,
            height: 315,
          });
          await expectFormatAndSize(result.data, { format: 'png', width: 600, height: 315 });
        }
        expect(renderer.stats()).toMatchObject({ timedOut: 0, completed: 5 });
      } finally {
        await renderer.close();
      }
    });

    it('the first CJK, Arabic and Thai render of a fresh renderer succeeds under a 500 ms CPU limit: loading the faces is not counted', async () => {
      const renderer = createRenderer({ workers: 1, isolation, limits: { timeoutMs: 500 } });
      try {
        const first = await renderer.render({ html: CJK_CARD, width: 400, height: 100 });
        await expectFormatAndSize(first.data, { format: 'png', width: 400, height: 100 });
        expect(first.warnings.join(' ')).not.toMatch(/font is installed|no font covers/);
        expect(first.timings.fonts).toBeGreaterThan(0);
        // The content's own cost still has its limit: the worker is stopped and replaced...
        await expect(renderer.render({ html: HEAVY, width: 1200, height: 2000 })).rejects.toMatchObject({
          code: 'RENDER_TIMEOUT',
          details: { limit: 'timeoutMs', timeoutMs: 500, reason: 'cpu' },
        });
        expect(renderer.stats()).toMatchObject({ timedOut: 1, workersReplaced: 1 });
        // ...and its replacement loaded the CJK, Arabic and Thai faces before it took work: nothing left to load.
        const again = await renderer.render({
          html: CJK_CARD.replace('世界', '朋友'),
          width: 400,
          height: 100,
        });
        await expectFormatAndSize(again.data, { format: 'png', width: 400, height: 100 });
        expect(again.timings.fonts).toBe(0);
      } finally {
        await renderer.close();
      }
    });
  },
);

describe('a pause the pool reads late', () => {
  const statPath = processStatPath(process.pid);
  /** Spin until this process has used `ms` more CPU time (a CPU measure, not the clock). */
  const spinCpu = (ms: number): void => {
    const start = cpuMsOf(statPath) as number;
    let x = 0;
    while ((cpuMsOf(statPath) as number) - start < ms)
      for (let index = 0; index < 1e5; index++) x += index % 7;
    expect(x).toBeGreaterThan(0);
  };

  it("counts up to the worker's own reading, not to when the message is read", () => {
    if (cpuMsOf(statPath) === undefined) return; // not Linux: renders are timed by the clock
    const before = cpuMsOf(statPath) as number;
    const clock = new RenderClock(statPath);
    const began = cpuMsOf(statPath) as number;
    spinCpu(200); // the font load, done before the pool reads the worker's pause
    clock.pause(began);
    // Counted: from the clock's first reading (between `before` and `began`) to `began`, not the spin after it.
    expect(clock.usedMs()).toBeLessThanOrEqual(began - before);
    const ended = cpuMsOf(statPath) as number;
    spinCpu(200); // the render goes on before the pool reads the worker's resume
    clock.resume(ended);
    expect(clock.usedMs()).toBeGreaterThanOrEqual(200);
  });

  it('a look that finds the time used first reads the messages already sent, then decides', async () => {
    if (cpuMsOf(statPath) === undefined) return;
    const before = cpuMsOf(statPath) as number;
    const clock = new RenderClock(statPath);
    const began = cpuMsOf(statPath) as number;
    const { port1, port2 } = new MessageChannel();
    const paused = new Promise<void>((resolve) =>
      port2.once('message', (at: number) => {
        clock.pause(at);
        resolve();
      }),
    );
    // The worker's pause is on its way while its font load runs past the limit.
    port1.postMessage(began);
    spinCpu(200);
    const reasons: string[] = [];
    const stop = watchClock(clock, { timeoutMs: 100, wallTimeoutMs: 120_000 }, (reason) =>
      reasons.push(reason),
    );
    await paused;
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    stop();
    port1.close();
    expect(reasons).toEqual([]);
    expect(clock.usedMs()).toBeLessThanOrEqual(began - before);
  });
});

describe('the wall-clock backstop', () => {
  let server: Server;
  let url: string;
  const held: (() => void)[] = [];
  beforeAll(async () => {
    // Answers nothing until the test ends: a render waiting on it uses no CPU time.
    server = createServer((_request, response) => held.push(() => response.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/never.png`;
  });
  afterAll(async () => {
    for (const release of held) release();
    await new Promise((resolve) => server.close(resolve));
  });

  it('stops a render that makes no progress, with reason "stuck" and the wall limit', async () => {
    const renderer = createRenderer({
      workers: 1,
      limits: { timeoutMs: 10_000, wallTimeoutMs: 500 },
      fetch: { allowList: ['127.0.0.1'], timeoutMs: 120_000 },
    });
    try {
      // The only render of this renderer: it can never finish, so no other render meets the short wall limit.
      await expect(
        renderer.render({ html: `<img src="${url}" width="50" height="50">`, width: 100, height: 100 }),
      ).rejects.toMatchObject({
        code: 'RENDER_TIMEOUT',
        message: expect.stringMatching(
          /did not finish within 500 ms by the clock.*raise limits\.wallTimeoutMs$/,
        ),
        details: { limit: 'wallTimeoutMs', wallTimeoutMs: 500, reason: 'stuck' },
      });
      expect(renderer.stats()).toMatchObject({ timedOut: 1, workersReplaced: 1 });
    } finally {
      await renderer.close();
    }
  });
});
