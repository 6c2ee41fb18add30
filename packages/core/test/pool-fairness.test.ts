/**
 * Fair sharing (built package and the queue itself): tenants take turns for workers, one tenant's share of the queue
 * and (while others wait) of the workers is capped, a caller that leaves drops its waiting render, a render that
 * waits too long is given up, a shutdown rejects what never started, and a worker dies with its parent process (by
 * the kernel's parent-death signal, with no watchdog thread, or by its watchdog thread).
 * Renders held by the test (helpers/held-render.ts) keep a worker busy: no sleep or render length orders events.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, PictorError, type Renderer } from '../dist/index.js';
import { FairQueue } from '../src/pool/fair-queue.js';
import { parentDeathLauncher } from '../src/pool/parent-death-signal.js';
import { type HeldImages, startHeldImages } from './helpers/held-render.js';

const FAST = '<div style="display:flex;width:40px;height:20px;background:#0ea5e9"></div>';

describe('FairQueue', () => {
  type Job = { tenant: string; n: number };
  const job = (tenant: string, n: number): Job => ({ tenant, n });

  it('serves tenants in turn, not in arrival order', () => {
    const queue = new FairQueue<Job>({
      maxQueued: 100,
      maxQueuedPerTenant: 100,
      maxRunningPerTenant: 100,
      activeMs: 1000,
    });
    for (let n = 0; n < 5; n++) queue.add(job('attacker', n));
    queue.add(job('victim', 0));
    const order = [queue.next(), queue.next(), queue.next()].map((j) => `${j?.tenant}${j?.n}`);
    expect(order).toEqual(['attacker0', 'victim0', 'attacker1']);
  });

  it('keeps workers free for other active tenants once a tenant runs its share; alone it may use them all', () => {
    let now = 0;
    const queue = new FairQueue<Job>(
      { maxQueued: 100, maxQueuedPerTenant: 100, maxRunningPerTenant: 1, activeMs: 1000 },
      () => now,
    );
    queue.add(job('a', 0));
    queue.add(job('a', 1));
    expect(queue.next()?.n).toBe(0); // a runs its share (1)
    expect(queue.next()?.n).toBe(1); // nobody else is active: a may use another worker
    queue.add(job('a', 2));
    queue.add(job('b', 0));
    expect(queue.next()?.tenant).toBe('b'); // b is under its share
    expect(queue.next()).toBeUndefined(); // a is over its share and b is active: the worker stays free
    queue.finished('b');
    now = 500;
    expect(queue.next()).toBeUndefined(); // b finished only 500 ms ago: still active
    expect(queue.retryInMs()).toBe(500);
    now = 1001;
    expect(queue.next()?.n).toBe(2); // b has gone quiet
  });

  it('caps the queue per tenant and in all, and removes a job that leaves', () => {
    const queue = new FairQueue<Job>({
      maxQueued: 3,
      maxQueuedPerTenant: 2,
      maxRunningPerTenant: 1,
      activeMs: 1000,
    });
    const first = job('a', 0);
    expect(queue.add(first)).toBeUndefined();
    expect(queue.add(job('a', 1))).toBeUndefined();
    expect(queue.add(job('a', 2))).toBe('tenant-full');
    expect(queue.add(job('b', 0))).toBeUndefined();
    expect(queue.add(job('c', 0))).toBe('full');
    expect(queue.remove(first)).toBe(true);
    expect(queue.remove(first)).toBe(false);
    expect(queue.size).toBe(2);
    expect(queue.takeAll().map((j) => `${j.tenant}${j.n}`)).toEqual(['a1', 'b0']);
    expect(queue.size).toBe(0);
  });
});

describe('fair renderer', () => {
  // A held render keeps the one worker busy until the test releases it: the queue's order, not a render's length on
  // this machine, decides what happens.
  let held: HeldImages;
  let renderer: Renderer;
  beforeAll(async () => {
    held = await startHeldImages();
    renderer = createRenderer({
      workers: 1,
      startWorkers: 'eager',
      fairness: { maxQueuedPerTenant: 3 },
      fetch: held.fetch,
    });
  });
  afterAll(async () => {
    await held.close();
    await renderer.close();
  });

  it("runs a victim's render before the attacker's queue", async () => {
    await renderer.render({ html: FAST }, { tenant: 'warm-up' });
    const finished: string[] = [];
    const first = held.hold();
    const attacker = [first.html, FAST, FAST].map((html, n) =>
      renderer.render({ html, width: 600 }, { tenant: 'attacker' }).then(() => finished.push(`attacker${n}`)),
    );
    const victim = renderer.render({ html: FAST }, { tenant: 'victim' }).then(() => finished.push('victim'));
    await first.asked;
    first.release();
    await Promise.all([...attacker, victim]);
    // The first attacker render had the worker already; the victim is next, ahead of the other two.
    expect(finished).toEqual(['attacker0', 'victim', 'attacker1', 'attacker2']);
  });

  it("refuses a tenant's render over its share of the queue with TENANT_BUSY, others still queue", async () => {
    const hold = held.hold();
    const running = renderer.render({ html: hold.html, width: 600 }, { tenant: 'greedy' });
    const queued = [1, 2, 3].map(() => renderer.render({ html: FAST }, { tenant: 'greedy' }));
    const refused = await renderer
      .render({ html: FAST }, { tenant: 'greedy' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PictorError);
    expect((refused as PictorError).code).toBe('TENANT_BUSY');
    const other = renderer.render({ html: FAST }, { tenant: 'polite' });
    expect(renderer.stats()).toMatchObject({ busy: 1, queued: 4 });
    hold.release();
    await Promise.all([running, ...queued, other]);
  });

  it('drops a waiting render whose caller aborted, before it starts', async () => {
    const before = renderer.stats().completed;
    const hold = held.hold();
    const running = renderer.render({ html: hold.html, width: 600 }, { tenant: 'a' });
    const controller = new AbortController();
    const waiting = renderer.render({ html: FAST }, { tenant: 'b', signal: controller.signal });
    controller.abort();
    const error = await waiting.catch((e: unknown) => e);
    expect((error as PictorError).code).toBe('ABORTED');
    hold.release();
    await running;
    expect(renderer.stats().completed).toBe(before + 1);
    expect(renderer.stats().queued).toBe(0);
  });
});

describe('queue wait and shutdown', () => {
  let held: HeldImages;
  beforeAll(async () => {
    held = await startHeldImages();
  });
  afterAll(() => held.close());

  it('gives up a render that waited longer than maxQueueWaitMs with OVERLOADED', async () => {
    const renderer = createRenderer({
      workers: 1,
      startWorkers: 'eager',
      maxQueueWaitMs: 200,
      fetch: held.fetch,
    });
    try {
      // The worker's start counts as waiting too: the first renders may be given up until it is ready.
      let ready = false;
      while (!ready)
        ready = await renderer.render({ html: FAST }).then(
          () => true,
          () => false,
        );
      // The worker stays busy until the waiting render has been given up, however long that takes here.
      const hold = held.hold();
      const running = renderer.render({ html: hold.html, width: 600 });
      const waiting = await renderer.render({ html: FAST }).catch((e: unknown) => e);
      expect((waiting as PictorError).code).toBe('OVERLOADED');
      expect((waiting as PictorError).message).toContain('waited 200 ms');
      hold.release();
      await running;
    } finally {
      await renderer.close();
    }
  });

  it("close({ queued: 'reject' }) fails what never started with CLOSED and lets the running render finish", async () => {
    const renderer = createRenderer({ workers: 1, startWorkers: 'eager', fetch: held.fetch });
    await renderer.render({ html: FAST });
    const hold = held.hold();
    const running = renderer.render({ html: hold.html, width: 600 });
    const waiting = [1, 2].map(() => renderer.render({ html: FAST }).catch((e: unknown) => e));
    // The worker has the running render (it asked for its image) when the renderer is closed.
    await hold.asked;
    const closed = renderer.close({ queued: 'reject' });
    const errors = await Promise.all(waiting);
    expect(errors.map((e) => (e as PictorError).code)).toEqual(['CLOSED', 'CLOSED']);
    hold.release();
    expect((await running).width).toBe(600);
    await closed;
  });

  it('rejects unknown fairness options and bad limits', () => {
    expect(() => createRenderer({ fairness: { maxQueued: 1 } as never })).toThrow('fairness.maxQueued');
    expect(() => createRenderer({ fairness: { maxRunningPerTenant: 0 } })).toThrow(
      'fairness.maxRunningPerTenant: must be an integer of at least 1',
    );
    expect(() => createRenderer({ maxQueueWaitMs: -1 })).toThrow('maxQueueWaitMs');
  });
});

describe.each([
  ['signal', "the kernel's parent-death signal"],
  ['thread', 'the watchdog thread'],
])('workers die with their parent (%s)', (how, by) => {
  it.skipIf(how === 'signal' && parentDeathLauncher() === null)(
    `a worker process rendering for a parent that was SIGKILLed ends in the middle of its render, by ${by}`,
    async () => {
      const script = fileURLToPath(new URL('./helpers/orphan-parent.mjs', import.meta.url));
      const folder = mkdtempSync(join(tmpdir(), 'pictor-orphan-'));
      const saveTo = join(folder, 'never.png');
      const parent = spawn(process.execPath, [script, saveTo, how], { stdio: ['ignore', 'pipe', 'inherit'] });
      let holderPid = 0;
      try {
        const workerPid = await new Promise<number>((resolve, reject) => {
          parent.stdout.once('data', (chunk) => {
            const [worker, holder] = String(chunk).trim().split(' ').map(Number);
            holderPid = holder ?? 0;
            resolve(worker ?? 0);
          });
          parent.once('exit', () => reject(new Error('the parent ended before reporting its worker')));
        });
        expect(workerPid).toBeGreaterThan(0);
        // The worker is rendering once it has spent CPU time of its own on it (0.3 s of the render's seconds): the
        // parent dies while the worker's main thread is busy, however slowly a loaded machine runs it.
        const started = cpuTicks(workerPid);
        await expect.poll(() => cpuTicks(workerPid) - started, POLL).toBeGreaterThanOrEqual(30);
        parent.kill('SIGKILL');
        // Its IPC channel is still open (held): without the watchdog it would finish the render and save the image.
        await expect.poll(() => running(workerPid) && !existsSync(saveTo), POLL).toBe(false);
        expect(existsSync(saveTo)).toBe(false);
        expect(running(workerPid)).toBe(false);
      } finally {
        parent.kill('SIGKILL');
        if (holderPid > 0) process.kill(holderPid, 'SIGKILL');
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});

describe('the parent-death signal', () => {
  it.skipIf(parentDeathLauncher() === null)('spares each worker process its watchdog thread', async () => {
    /** Threads of the one worker process of a pool, after the same render. */
    const workerThreads = async (workerParentDeathSignal: boolean) => {
      const renderer = createRenderer({ workers: 1, startWorkers: 'eager', workerParentDeathSignal });
      try {
        await renderer.render({ html: FAST, width: 40, height: 20 });
        const [pid] = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
          .trim()
          .split('\n');
        return readdirSync(`/proc/${pid}/task`).length;
      } finally {
        await renderer.close();
      }
    };
    const withSignal = await workerThreads(true);
    const withWatchdog = await workerThreads(false);
    expect(withSignal).toBe(withWatchdog - 1);
  });
});

/** Polling for an event only; the suite's per-test time-out is the hang guard. */
const POLL = { timeout: 100_000, interval: 20 };

/** CPU time a process has used (user + system, in clock ticks); 0 once it is gone. */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Running or sleeping: a zombie (state Z, waiting for init to reap it) has ended. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
