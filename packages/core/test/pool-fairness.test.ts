/**
 * Fair sharing (built package and the queue itself): tenants take turns for workers, one tenant's share of the queue
 * and (while others wait) of the workers is capped, a caller that leaves drops its waiting render, a render that
 * waits too long is given up, a shutdown rejects what never started, and a worker dies with its parent process.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer, PictorError } from '../dist/index.js';
import { FairQueue } from '../src/pool/fair-queue.js';
import { slowTextHtml } from './helpers/slow-text.mjs';

/** Seconds of layout: a worker stays busy while others queue. */
const SLOW = slowTextHtml();
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
  const renderer = createRenderer({
    workers: 1,
    startWorkers: 'eager',
    fairness: { maxQueuedPerTenant: 3 },
  });
  afterAll(() => renderer.close());

  it("runs a victim's render before the attacker's queue", async () => {
    await renderer.render({ html: FAST }, { tenant: 'warm-up' });
    const finished: string[] = [];
    const attacker = Array.from({ length: 3 }, (_, n) =>
      renderer
        .render({ html: SLOW, width: 600 }, { tenant: 'attacker' })
        .then(() => finished.push(`attacker${n}`)),
    );
    const victim = renderer.render({ html: FAST }, { tenant: 'victim' }).then(() => finished.push('victim'));
    await Promise.all([...attacker, victim]);
    // The first attacker render had the worker already; the victim is next, ahead of the other two.
    expect(finished.indexOf('victim')).toBe(1);
  });

  it("refuses a tenant's render over its share of the queue with TENANT_BUSY, others still queue", async () => {
    const running = renderer.render({ html: SLOW, width: 600 }, { tenant: 'greedy' });
    const queued = [1, 2, 3].map(() => renderer.render({ html: FAST }, { tenant: 'greedy' }));
    const refused = await renderer
      .render({ html: FAST }, { tenant: 'greedy' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PictorError);
    expect((refused as PictorError).code).toBe('TENANT_BUSY');
    const other = renderer.render({ html: FAST }, { tenant: 'polite' });
    await Promise.all([running, ...queued, other]);
  });

  it('drops a waiting render whose caller aborted, before it starts', async () => {
    const before = renderer.stats().completed;
    const running = renderer.render({ html: SLOW, width: 600 }, { tenant: 'a' });
    const controller = new AbortController();
    const waiting = renderer.render({ html: FAST }, { tenant: 'b', signal: controller.signal });
    controller.abort();
    const error = await waiting.catch((e: unknown) => e);
    expect((error as PictorError).code).toBe('ABORTED');
    await running;
    expect(renderer.stats().completed).toBe(before + 1);
    expect(renderer.stats().queued).toBe(0);
  });
});

describe('queue wait and shutdown', () => {
  it('gives up a render that waited longer than maxQueueWaitMs with OVERLOADED', async () => {
    const renderer = createRenderer({
      workers: 1,
      startWorkers: 'eager',
      maxQueueWaitMs: 200,
    });
    try {
      // The worker's start counts as waiting too: the first renders may be given up until it is ready.
      let ready = false;
      while (!ready)
        ready = await renderer.render({ html: FAST }).then(
          () => true,
          () => false,
        );
      const running = renderer.render({ html: SLOW, width: 600 });
      const waiting = await renderer.render({ html: FAST }).catch((e: unknown) => e);
      expect((waiting as PictorError).code).toBe('OVERLOADED');
      expect((waiting as PictorError).message).toContain('waited 200 ms');
      await running;
    } finally {
      await renderer.close();
    }
  });

  it("close({ queued: 'reject' }) fails what never started with CLOSED and lets the running render finish", async () => {
    const renderer = createRenderer({ workers: 1, startWorkers: 'eager' });
    await renderer.render({ html: FAST });
    const running = renderer.render({ html: SLOW, width: 600 });
    const waiting = [1, 2].map(() => renderer.render({ html: FAST }).catch((e: unknown) => e));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = renderer.close({ queued: 'reject' });
    const errors = await Promise.all(waiting);
    expect(errors.map((e) => (e as PictorError).code)).toEqual(['CLOSED', 'CLOSED']);
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

describe('workers die with their parent', () => {
  it('a worker process rendering for a parent that was SIGKILLed is gone within a second', async () => {
    const script = fileURLToPath(new URL('./helpers/orphan-parent.mjs', import.meta.url));
    const parent = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const workerPid = await new Promise<number>((resolve, reject) => {
      parent.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      parent.once('exit', () => reject(new Error('the parent ended before reporting its worker')));
    });
    expect(workerPid).toBeGreaterThan(0);
    parent.kill('SIGKILL');
    const killedAt = Date.now();
    // Running or sleeping: a zombie (state Z, waiting for init to reap it) has ended.
    const running = () => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${workerPid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    let alive = true;
    while (alive && Date.now() - killedAt < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      alive = running();
    }
    if (alive) process.kill(workerPid, 'SIGKILL');
    expect(alive).toBe(false);
    expect(Date.now() - killedAt).toBeLessThan(1000);
  });
});
