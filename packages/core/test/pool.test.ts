/**
 * Worker pool (built package): renders in worker processes (default) or threads, time limit, crash isolation,
 * queue bound, close, priority.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer, PictorError, render } from '../dist/index.js';
import { WorkerPool } from '../src/pool/worker-pool.js';
import { resolveLimits, validateRenderInput } from '../src/validate.js';
import { expectFormatAndSize, expectImageToMatch } from './helpers/image-compare.js';
import { avatarDataUri, referenceCardHtml } from './helpers/cards.js';
import { SLOW_TEXT_LIMIT, slowTextHtml } from './helpers/slow-text.mjs';

const SMALL = '<div style="display:flex;width:120px;height:60px;background:#0ea5e9"></div>';
/** Enough text to keep satori busy for seconds (see the helper). */
const HEAVY = slowTextHtml();

describe('worker pool', () => {
  const renderer = createRenderer({ workers: 2, startWorkers: 'eager' });
  afterAll(() => renderer.close());

  it('renders in workers with the same pixels as the calling thread', async () => {
    const html = referenceCardHtml(await avatarDataUri());
    const result = await renderer.render({ html, width: 1200, height: 630 });
    await expectImageToMatch(result.data, 'cards', 'reference-card', {
      format: 'png',
      width: 1200,
      height: 630,
    });
    expect(result.timings.queue).toBeGreaterThanOrEqual(0);
    expect(renderer.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
  });

  it('runs renders concurrently on every worker and returns each its own result', async () => {
    const sizes = [100, 120, 140, 160, 180, 200];
    const results = await Promise.all(
      sizes.map((width) => renderer.render({ html: SMALL, width, height: 50, format: 'webp' })),
    );
    for (const [index, result] of results.entries()) {
      await expectFormatAndSize(result.data, { format: 'webp', width: sizes[index] as number, height: 50 });
    }
  });

  it('brings a PictorError thrown in a worker back as a PictorError', async () => {
    const error = await renderer.render({ html: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PictorError);
    expect(error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'width' } });
  });
});

describe.each(['process', 'thread'] as const)('time and memory limits (%s workers)', (isolation) => {
  it('stops a runaway render with RENDER_TIMEOUT, replaces the worker, and keeps rendering', async () => {
    const renderer = createRenderer({
      workers: 1,
      isolation,
      limits: { timeoutMs: 300, maxTextLength: SLOW_TEXT_LIMIT },
    });
    await renderer.render({ html: SMALL }); // warm: the limit counts render time, not worker start-up
    // The limit counts the worker's CPU time: a busy machine makes it later by the clock, never a different answer.
    await expect(renderer.render({ html: HEAVY, width: 800, height: 600 })).rejects.toMatchObject({
      code: 'RENDER_TIMEOUT',
      message: expect.stringContaining('used more than 300 ms of CPU time'),
      details: { limit: 'timeoutMs', reason: 'cpu' },
    });
    expect(renderer.stats()).toMatchObject({ timedOut: 1, workersReplaced: 1, workers: 1 });
    const after = await renderer.render({ html: SMALL, format: 'png' });
    await expectFormatAndSize(after.data, { format: 'png', width: 120, height: 60 });
    await renderer.close();
  });

  it('a render over the heap limit fails with RENDER_FAILED saying so; the worker is replaced and renders on', async () => {
    // Only the heap limit may end it: no time limit to reach first on a slow machine (a thread's heap thrashes
    // longer before it gives up than a process's).
    const renderer = createRenderer({
      workers: 1,
      isolation,
      workerMemoryLimitMb: 64,
      limits: { timeoutMs: 120_000, maxTextLength: SLOW_TEXT_LIMIT },
    });
    await expect(renderer.render({ html: HEAVY, width: 800, height: 600 })).rejects.toMatchObject({
      code: 'RENDER_FAILED',
      message: expect.stringMatching(/out of memory/),
    });
    expect(renderer.stats()).toMatchObject({ failed: 1, workersReplaced: 1, workers: 1 });
    const after = await renderer.render({ html: SMALL, format: 'webp' });
    await expectFormatAndSize(after.data, { format: 'webp', width: 120, height: 60 });
    await renderer.close();
    // A thread's heap thrashes for up to ~30 s under load before V8 gives up (measured, with or without the text
    // layer): twice the suite's default.
  }, 120_000);
});

describe('when workers start', () => {
  it('lazily by default: none before the first render, one for one render at a time, more only when renders wait', async () => {
    const renderer = createRenderer({ workers: 2 });
    try {
      expect(renderer.stats().workers).toBe(0);
      await renderer.render({ html: SMALL });
      await renderer.render({ html: SMALL });
      expect(renderer.stats().workers).toBe(1);
      await Promise.all([
        renderer.render({ html: SMALL }),
        renderer.render({ html: SMALL }),
        renderer.render({ html: SMALL }),
      ]);
      expect(renderer.stats().workers).toBe(2);
    } finally {
      await renderer.close();
    }
  });

  it("all at once with startWorkers: 'eager'; anything else is INVALID_INPUT", async () => {
    const renderer = createRenderer({ workers: 2, startWorkers: 'eager' });
    try {
      expect(renderer.stats().workers).toBe(2);
    } finally {
      await renderer.close();
    }
    expect(() => createRenderer({ startWorkers: 'soon' as never })).toThrow(
      "renderer.startWorkers: must be 'lazy' or 'eager'",
    );
  });
});

const limits = resolveLimits();
const input = (html: string) => validateRenderInput({ html }, limits);

/** A pool of `size` real workers that die on `<!--crash-->` (exit 70) or, as processes, abort on `<!--abort-->`. */
function crashingPool(isolation: 'process' | 'thread', size: number): WorkerPool {
  return new WorkerPool({
    size,
    eager: true,
    maxQueue: 10,
    maxQueuedPerTenant: 10,
    maxRunningPerTenant: size,
    maxQueueWaitMs: Number.POSITIVE_INFINITY,
    timeoutMs: 20_000,
    wallTimeoutMs: 120_000,
    memoryLimitMb: 1024,
    setup: { environment: { limits }, nice: 0, heapGrowingPercent: 0 },
    isolation,
    script: new URL('./helpers/crashing-worker.mjs', import.meta.url),
  });
}

describe.each(['process', 'thread'] as const)('crash isolation (%s workers)', (isolation) => {
  it('a worker that dies fails only its render; the pool replaces it and keeps rendering', async () => {
    const pool = crashingPool(isolation, 2);
    const [crashed, ok] = await Promise.allSettled([pool.run(input('<!--crash-->')), pool.run(input(SMALL))]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { code: 'RENDER_FAILED' } });
    expect((crashed as PromiseRejectedResult).reason.message).toMatch(/crashed.*exited with code 70/);
    expect(ok.status).toBe('fulfilled');
    expect(pool.stats()).toMatchObject({ workers: 2, workersReplaced: 1, failed: 1, completed: 1 });
    const results = await Promise.all([
      pool.run(input(SMALL)),
      pool.run(input(SMALL)),
      pool.run(input(SMALL)),
    ]);
    for (const result of results)
      await expectFormatAndSize(result.data, { format: 'png', width: 120, height: 60 });
    await pool.close();
  });
});

describe('crash isolation (process workers only)', () => {
  it('a native abort in a worker process fails only its render (SIGABRT); this process stays up', async () => {
    const pool = crashingPool('process', 1);
    await expect(pool.run(input('<!--abort-->'))).rejects.toMatchObject({
      code: 'RENDER_FAILED',
      message: expect.stringMatching(/crashed.*ended by SIGABRT/),
    });
    const after = await pool.run(input(SMALL));
    await expectFormatAndSize(after.data, { format: 'png', width: 120, height: 60 });
    expect(pool.stats()).toMatchObject({ workers: 1, workersReplaced: 1, failed: 1, completed: 1 });
    await pool.close();
  });
});

describe('queue and close', () => {
  it('rejects with OVERLOADED when the queue is full', async () => {
    const renderer = createRenderer({ workers: 1, maxQueue: 1 });
    await renderer.render({ html: SMALL }); // the worker is up: the next render runs, the one after waits
    const first = renderer.render({ html: SMALL });
    const second = renderer.render({ html: SMALL });
    await expect(renderer.render({ html: SMALL })).rejects.toMatchObject({ code: 'OVERLOADED' });
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    await renderer.close();
  });

  it('close() lets in-flight and queued renders finish, then refuses new ones', async () => {
    const renderer = createRenderer({ workers: 1 });
    const pending = [renderer.render({ html: SMALL }), renderer.render({ html: SMALL, format: 'jpeg' })];
    const closed = renderer.close();
    await expect(renderer.render({ html: SMALL })).rejects.toMatchObject({ code: 'CLOSED' });
    const results = await Promise.all(pending);
    await closed;
    expect(results.map((result) => result.format)).toEqual(['png', 'jpeg']);
    expect(renderer.stats()).toMatchObject({ workers: 0, completed: 2 });
  });
});

describe('renderer fonts', () => {
  const woff2 = readFileSync(new URL('./fixtures/fonts/JetBrainsMono-Regular.woff2', import.meta.url));
  const html = '<div style="font-family:Brand;font-size:28px">Brand 0O1l</div>';

  it('loads the renderer fonts in each worker and uses them for every render', async () => {
    const branded = createRenderer({ workers: 1, fonts: [{ family: 'Brand', data: new Uint8Array(woff2) }] });
    const plain = createRenderer({ workers: 1 });
    const [a, b] = await Promise.all([
      branded.render({ html, width: 300, height: 40 }),
      plain.render({ html, width: 300, height: 40 }),
    ]);
    expect(a.data.equals(b.data)).toBe(false);
    const again = await branded.render({ html, width: 300, height: 40 });
    expect(again.data.equals(a.data)).toBe(true);
    await Promise.all([branded.close(), plain.close()]);
  });

  it('a broken renderer font fails renders with FONT_ERROR naming the family; the worker stays up', async () => {
    const broken = createRenderer({ workers: 1, fonts: [{ family: 'Broken', data: 'bm90IGEgZm9udA==' }] });
    await expect(broken.render({ html, width: 300, height: 40 })).rejects.toMatchObject({
      code: 'FONT_ERROR',
      message: expect.stringContaining('Broken'),
    });
    expect(broken.stats()).toMatchObject({ workers: 1, workersReplaced: 0 });
    await broken.close();
  });
});

describe('render()', () => {
  it('one-off renders use the shared default renderer', async () => {
    const result = await render({ html: SMALL, format: 'jpeg' });
    await expectFormatAndSize(result.data, { format: 'jpeg', width: 120, height: 60 });
  });

  it('a script that renders and ends exits by itself: idle workers never keep it alive', () => {
    const script = `import { render } from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)};
      const result = await render({ html: '<div style="display:flex">x</div>', width: 20, height: 20 });
      console.log(result.width);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 100_000, // a hang guard only
    });
    expect(output.trim()).toBe('20');
  });
});

describe('heapGrowingPercent', () => {
  it('renders with V8 left to its own growing factor (0) and with a larger one; rejects values outside 0–1000', async () => {
    for (const heapGrowingPercent of [0, 400]) {
      const renderer = createRenderer({ workers: 1, heapGrowingPercent });
      try {
        const result = await renderer.render({ html: SMALL, format: 'png' });
        await expectFormatAndSize(result.data, { format: 'png', width: 120, height: 60 });
      } finally {
        await renderer.close();
      }
    }
    for (const heapGrowingPercent of [-1, 1001, 2.5]) {
      expect(() => createRenderer({ workers: 1, heapGrowingPercent })).toThrow(
        expect.objectContaining({
          code: 'INVALID_INPUT',
          message: 'heapGrowingPercent: must be an integer from 0 to 1000',
        }),
      );
    }
  });
});

/** A fresh process renders with `workerNice` (default when undefined) and reports every thread's nice value. */
function probeThreadNice(workerNice?: number): {
  main: number;
  threads: { tid: number; name: string; nice: number }[];
} {
  const script = fileURLToPath(new URL('./helpers/thread-nice-probe.mjs', import.meta.url));
  const args = workerNice === undefined ? [script] : [script, String(workerNice)];
  // The time-out is a hang guard only, inside the test's own.
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', timeout: 100_000 }));
}

describe.runIf(process.platform === 'linux')('worker thread priority', () => {
  it('worker threads and libvips encoder threads run at the nice value asked for; every other thread keeps its own', () => {
    const { main, threads } = probeThreadNice(7);
    expect(threads.find((t) => t.tid === main)?.nice).toBe(0);
    const encoders = threads.filter((t) => t.name === 'libvips worker');
    expect(encoders.length).toBeGreaterThan(0);
    expect(encoders.every((t) => t.nice === 7)).toBe(true);
    // Two workers lowered; nothing else — libuv's threads (file system, DNS) and V8's started at normal priority.
    expect(threads.filter((t) => t.nice === 7 && t.name !== 'libvips worker')).toHaveLength(2);
    expect(threads.filter((t) => t.nice !== 7 && t.nice !== 0)).toEqual([]);
    expect(threads.filter((t) => t.nice === 0).length).toBeGreaterThan(4);
  });

  it('leaves every thread at normal priority by default (a shared host must not starve renders); workerNice 10 lowers them', () => {
    expect(probeThreadNice().threads.every((t) => t.nice === 0)).toBe(true);
    const lowered = probeThreadNice(10).threads;
    expect(lowered.filter((t) => t.nice === 10 && t.name !== 'libvips worker')).toHaveLength(2);
    expect(lowered.filter((t) => t.name === 'libvips worker').every((t) => t.nice === 10)).toBe(true);
  });

  it('rejects a nice value outside 0–19 with INVALID_INPUT', () => {
    for (const workerNice of [-1, 20, 2.5]) {
      expect(() => createRenderer({ workers: 1, workerNice })).toThrow(
        expect.objectContaining({
          code: 'INVALID_INPUT',
          message: 'workerNice: must be an integer from 0 to 19',
        }),
      );
    }
  });
});

interface ProbedWorker {
  pid: number;
  cpus: string;
  threads: { name: string; nice: number }[];
  largePages?: string;
}

/** A fresh process renders on a renderer made with `options` and reports its worker processes (probe helper). */
function probeWorkerProcesses(options: object, env: NodeJS.ProcessEnv = process.env): ProbedWorker[] {
  const script = fileURLToPath(new URL('./helpers/process-worker-probe.mjs', import.meta.url));
  const output = execFileSync(process.execPath, [script, JSON.stringify(options)], {
    encoding: 'utf8',
    timeout: 100_000, // a hang guard only
    env,
  });
  return JSON.parse(output).workers;
}

describe.runIf(process.platform === 'linux')('worker processes', () => {
  it('every thread of every worker process runs at the nice value asked for (0, normal, by default)', () => {
    for (const [options, nice] of [
      [{ workers: 2, workerNice: 7 }, 7],
      [{ workers: 2 }, 0],
      [{ workers: 2, workerNice: 10 }, 10],
    ] as const) {
      const workers = probeWorkerProcesses(options);
      expect(workers).toHaveLength(2);
      expect(workers.flatMap((w) => w.threads).some((t) => t.name === 'libvips worker')).toBe(true);
      for (const worker of workers) expect(worker.threads.filter((t) => t.nice !== nice)).toEqual([]);
    }
  });

  it("worker processes allow resvg's allocator large pages where it never purges, unless the environment already decides it", () => {
    const { MIMALLOC_ALLOW_LARGE_OS_PAGES: _, ...inherited } = process.env;
    for (const [options, env, expected] of [
      [{ workerResvgPurgeDelayMs: -1 }, inherited, '1'],
      [{ workerResvgPurgeDelayMs: -1 }, { ...inherited, MIMALLOC_ALLOW_LARGE_OS_PAGES: '0' }, '0'],
      // By default it gives memory back, which pages it got large it never does.
      [{}, inherited, undefined],
    ] as const) {
      const workers = probeWorkerProcesses({ workers: 2, ...options }, env);
      expect(workers.map((w) => w.largePages)).toEqual([expected, expected]);
    }
  });

  it('worker processes end when the process that owns the renderer is killed', async () => {
    const script = fileURLToPath(new URL('./helpers/process-worker-probe.mjs', import.meta.url));
    const owner = spawn(process.execPath, [script, JSON.stringify({ workers: 2 }), 'stay'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    for await (const chunk of owner.stdout) {
      output += chunk;
      if (output.includes('\n')) break;
    }
    const pids = (JSON.parse(output).workers as ProbedWorker[]).map((w) => w.pid);
    expect(pids).toHaveLength(2);
    owner.kill('SIGKILL');
    const alive = () => pids.filter((pid) => existsSync(`/proc/${pid}`) && !isZombie(pid));
    // Polling for the event only: the suite's per-test time-out is the hang guard.
    await expect.poll(alive, { timeout: 100_000, interval: 50 }).toEqual([]);
  });
});

/** A process that has ended but not been reaped yet (its parent was killed: init reaps it shortly). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

describe('isolation', () => {
  it('rejects an unknown isolation with INVALID_INPUT', () => {
    expect(() => createRenderer({ workers: 1, isolation: 'fiber' as 'thread' })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: "isolation: must be 'process' or 'thread'" }),
    );
  });

  it('refuses pinWorkers, an option removed before any release, as an unknown field', () => {
    expect(() =>
      createRenderer({ workers: 1, pinWorkers: true } as Parameters<typeof createRenderer>[0]),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^renderer\.pinWorkers: is not a known field/),
      }),
    );
  });
});
