/**
 * A pool of workers (child processes or threads: worker-handle.ts) rendering one job each, with a bounded queue, a
 * time limit per render counted in the worker's CPU time (render-clock.ts) with a much longer wall-clock backstop for a
 * stuck worker (the worker is stopped and replaced when either runs out), and crash isolation (a dead worker fails
 * only its own render).
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PictorError } from '../errors.js';
import { newTemporarySuffix, releaseAbandonedFile, temporaryPathOf } from '../output/atomic-file.js';
import type { CloseOptions, RenderOptions, RenderResult, RendererStats, WorkerIsolation } from '../types.js';
import type { ValidRenderInput } from '../validate.js';
import type { RenderExecutor } from './executor.js';
import { FairQueue } from './fair-queue.js';
import type { FontSet } from '../fonts/font-sets.js';
import type { TemplateWork } from '../templates/template-work.js';
import type { RenderRequest, TemplateRequest, WorkerMessage, WorkerSetup } from './protocol.js';
import { startThreadPoolHere } from '../tuning/index.js';
import { RenderClock, watchClock } from './render-clock.js';
import { type RenderTimeoutReason, renderTimeoutError } from './render-timeout.js';
import { startWorker, type WorkerHandle, workerExecArgv } from './worker-handle.js';
import { findSnapshot } from './worker-snapshot.js';
import { roundMs } from '../formats.js';

export interface WorkerPoolOptions {
  size: number;
  /** Start every worker now; otherwise one per waiting render when all started ones are busy (RendererOptions). */
  eager: boolean;
  maxQueue: number;
  /** Renders one tenant may have waiting (TENANT_BUSY above). */
  maxQueuedPerTenant: number;
  /** Workers one tenant may occupy while other tenants' renders wait. */
  maxRunningPerTenant: number;
  /** Longest wait for a worker before the render is refused with OVERLOADED; Infinity: no limit. */
  maxQueueWaitMs: number;
  /** CPU time one render may use (font loading excluded). */
  timeoutMs: number;
  /** Wall time one render may take, whatever it used: the backstop for a worker that is stuck or starved. */
  wallTimeoutMs: number;
  /** Heap limit of each worker (MB); a render that needs more fails alone. */
  memoryLimitMb: number;
  /**
   * A worker process whose resident memory is over this (MB) after a render is replaced by a fresh one once that
   * render has answered (its memory returned to the system: grown caches, allocator arenas, WebAssembly memories that
   * never shrink); 0 (default): never. Worker threads share their process's memory and are never replaced for it.
   */
  maxRssMb?: number;
  /** glibc's malloc arenas of each worker process (tuning/allocator.ts); 0 (default): glibc's own. */
  mallocArenas?: number;
  /** V8's largest semi-space of each worker process (MB); 0 (default): V8's own. */
  semiSpaceMb?: number;
  /** Purge delay of resvg's allocator in each worker process (ms, tuning/allocator.ts); -1 (default): never. */
  resvgPurgeDelayMs?: number;
  /** glibc's mmap threshold of each worker process (KiB, tuning/allocator.ts); 0 (default): glibc's own. */
  mallocMmapThresholdKb?: number;
  /** Directory of the worker processes' V8 code cache (code-cache.ts); undefined (default): none. */
  codeCacheDir?: string;
  setup: WorkerSetup;
  isolation: WorkerIsolation;
  /** Worker script; default beside the built module: `worker-loader.cjs` for processes, `worker.js` for threads. */
  script?: URL;
  /**
   * Start worker processes from a startup snapshot (worker-snapshot.ts): a file, or (undefined) the one the build left
   * beside the default script for the workers' flags, if any (written out into `codeCacheDir`: none without one);
   * false: never. Not used with another `script`.
   */
  snapshot?: string | false;
  /**
   * Start worker processes with the kernel's parent-death signal where it can be set (parent-death-signal.ts): no
   * watchdog thread in each. Default false.
   */
  parentDeathSignal?: boolean;
}

/** What a job asks of a worker: a render, or template work (compile, fill) that must not hold the caller's thread. */
type Work = { type: 'render'; input: ValidRenderInput } | { type: 'template'; work: TemplateWork };

interface Job {
  id: number;
  /** Whose render it is (RenderOptions.tenant; '' when none was given). */
  tenant: string;
  work: Work;
  /** Undo what waiting set up (the abort listener, the wait timer) once the job leaves the queue. */
  stopWaiting: () => void;
  /** Names the temporary file of a render's `saveTo` (see releaseAbandonedFile). */
  saveSuffix: string | undefined;
  enqueuedAt: number;
  queueMs: number;
  /** A RenderResult for a render; the filled HTML (or undefined) for template work. */
  resolve(result: RenderResult | string | undefined): void;
  reject(error: PictorError): void;
}

interface Slot {
  worker: WorkerHandle;
  ready: boolean;
  /** The stat file the worker's CPU time is read from (WorkerHandle.statPath), once it is ready. */
  statPath: string | undefined;
  job: Job | undefined;
  /** The running job's clock (paused while its worker loads fonts) and what stops watching it. */
  clock: RenderClock | undefined;
  stopWatch: (() => void) | undefined;
  /** Set once the pool has decided this worker is finished (timeout, crash, close). */
  retired: boolean;
}

/**
 * The worker script beside the built module: for processes the CommonJS loader `worker-loader.cjs` (no ES module loader
 * to set up in each worker; `worker-loader.js` in a build without it), for threads `worker.js`.
 */
function defaultWorkerScript(isolation: WorkerIsolation): URL {
  if (isolation === 'thread') return new URL('./worker.js', import.meta.url);
  const loader = new URL('./worker-loader.cjs', import.meta.url);
  return existsSync(loader) ? loader : new URL('./worker-loader.js', import.meta.url);
}

/** The worker pool behind a renderer with `workers >= 1`. */
export class WorkerPool implements RenderExecutor {
  readonly #options: WorkerPoolOptions;
  readonly #script: URL;
  /** The startup snapshot worker processes start from (undefined: none), found when the first one starts. */
  #snapshot: string | undefined | null = null;
  readonly #slots: (Slot | undefined)[];
  readonly #queue: FairQueue<Job>;
  #nextId = 1;
  #closing: Promise<void> | undefined;
  /** A later look at the queue, when renders wait only for other tenants to go quiet (FairQueue.retryInMs). */
  #retryTimer: NodeJS.Timeout | undefined;
  #drained: (() => void) | undefined;
  readonly #counters = { completed: 0, failed: 0, timedOut: 0, workersReplaced: 0, workersRecycled: 0 };
  /** Font sets some worker loaded: workers started from now on load them before they are ready. */
  readonly #fontSets = new Set<FontSet>();

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
    this.#script = options.script ?? defaultWorkerScript(options.isolation);
    this.#slots = Array.from({ length: options.size }, () => undefined);
    this.#queue = new FairQueue({
      maxQueued: options.maxQueue,
      maxQueuedPerTenant: options.maxQueuedPerTenant,
      maxRunningPerTenant: options.maxRunningPerTenant,
      activeMs: ACTIVE_TENANT_MS,
    });
    // Before the first worker thread: libuv's threads must take this thread's priority, not a lowered worker's.
    if (options.isolation === 'thread' && options.setup.nice > 0) startThreadPoolHere();
    if (options.eager) for (let index = 0; index < options.size; index++) this.#slots[index] = this.#spawn();
  }

  /**
   * Queue a render; it starts as soon as a worker is free and it is its tenant's turn.
   * @throws PictorError OVERLOADED (queue full, or waited too long), TENANT_BUSY (the tenant's share of the queue is
   * full), ABORTED (`signal` fired while it waited), CLOSED, RENDER_TIMEOUT…
   */
  run(input: ValidRenderInput, options: RenderOptions = {}): Promise<RenderResult> {
    return this.#enqueue({ type: 'render', input }, options) as Promise<RenderResult>;
  }

  /** Queue template work like a render (same turns, same time limit): the filled HTML, or undefined for a check. */
  runTemplate(work: TemplateWork, options: RenderOptions = {}): Promise<string | undefined> {
    return this.#enqueue({ type: 'template', work }, options) as Promise<string | undefined>;
  }

  #enqueue(work: Work, options: RenderOptions): Promise<RenderResult | string | undefined> {
    if (this.#closing)
      return Promise.reject(new PictorError('CLOSED', 'the renderer is closed; create a new one'));
    if (options.signal?.aborted) return Promise.reject(abortedError());
    return new Promise<RenderResult | string | undefined>((resolve, reject) => {
      const job: Job = {
        id: this.#nextId++,
        tenant: options.tenant ?? '',
        work,
        stopWaiting: () => undefined,
        saveSuffix:
          work.type === 'render' && work.input.saveTo !== undefined ? newTemporarySuffix() : undefined,
        enqueuedAt: performance.now(),
        queueMs: 0,
        resolve,
        reject,
      };
      const refused = this.#queue.add(job);
      if (refused === 'full') {
        reject(
          new PictorError(
            'OVERLOADED',
            `too many renders waiting (${this.#options.maxQueue}); try again later`,
          ),
        );
        return;
      }
      if (refused === 'tenant-full') {
        reject(
          new PictorError(
            'TENANT_BUSY',
            `this tenant already has ${this.#options.maxQueuedPerTenant} renders waiting; wait for some to finish`,
            { maxQueuedPerTenant: this.#options.maxQueuedPerTenant },
          ),
        );
        return;
      }
      this.#watchWait(job, options.signal);
      this.#dispatch();
    });
  }

  /** Drop `job` from the queue when its caller aborts or it waits longer than maxQueueWaitMs. */
  #watchWait(job: Job, signal: AbortSignal | undefined): void {
    const drop = (error: PictorError) => {
      if (!this.#queue.remove(job)) return;
      job.stopWaiting();
      this.#counters.failed++;
      job.reject(error);
      this.#checkDrained();
    };
    const onAbort = () => drop(abortedError());
    signal?.addEventListener('abort', onAbort, { once: true });
    const waitMs = this.#options.maxQueueWaitMs;
    const timer = Number.isFinite(waitMs)
      ? setTimeout(
          () =>
            drop(
              new PictorError(
                'OVERLOADED',
                `the render waited ${waitMs} ms for a worker and was given up; try again later`,
                { maxQueueWaitMs: waitMs },
              ),
            ),
          waitMs,
        )
      : undefined;
    timer?.unref();
    job.stopWaiting = () => {
      signal?.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
    };
  }

  stats(): RendererStats {
    const slots = this.#slots.filter((slot): slot is Slot => slot !== undefined && !slot.retired);
    return {
      workers: slots.length,
      busy: slots.filter((slot) => slot.job).length,
      queued: this.#queue.size,
      ...this.#counters,
    };
  }

  /**
   * Stop taking renders, let in-flight ones finish (and queued ones too, unless `queued: 'reject'`: then they fail
   * with CLOSED at once), then stop the workers.
   */
  close(options: CloseOptions = {}): Promise<void> {
    if (options.queued === 'reject') {
      for (const job of this.#queue.takeAll()) {
        job.stopWaiting();
        this.#counters.failed++;
        job.reject(new PictorError('CLOSED', 'the renderer is shutting down; this render did not start'));
      }
    }
    this.#closing ??= new Promise<void>((resolve) => {
      this.#drained = resolve;
      this.#checkDrained();
    }).then(async () => {
      await Promise.all(
        this.#slots.map(async (slot) => {
          if (!slot) return;
          slot.retired = true;
          await slot.worker.terminate();
        }),
      );
    });
    return this.#closing;
  }

  /** The snapshot worker processes start from (WorkerPoolOptions.snapshot), looked up once. */
  #workerSnapshot(): string | undefined {
    if (this.#snapshot !== null) return this.#snapshot;
    const { snapshot, isolation, script } = this.#options;
    if (isolation !== 'process' || snapshot === false) this.#snapshot = undefined;
    else if (typeof snapshot === 'string') this.#snapshot = snapshot;
    else if (script !== undefined) this.#snapshot = undefined;
    else {
      const execArgv = workerExecArgv({
        setup: this.#options.setup,
        memoryLimitMb: this.#options.memoryLimitMb,
        semiSpaceMb: this.#options.semiSpaceMb ?? 0,
      });
      this.#snapshot = findSnapshot(new URL('./', this.#script), execArgv, this.#options.codeCacheDir);
    }
    return this.#snapshot;
  }

  /**
   * Start a worker (for a slot), with the font sets other workers loaded (`preload`) or without them (a worker that
   * replaces one recycled for its memory starts light and loads sets as its renders need them).
   */
  #spawn(preload = true): Slot {
    const worker = startWorker(
      {
        isolation: this.#options.isolation,
        script: this.#script,
        setup: { ...this.#options.setup, preload: preload ? [...this.#fontSets] : [] },
        memoryLimitMb: this.#options.memoryLimitMb,
        mallocArenas: this.#options.mallocArenas ?? 0,
        semiSpaceMb: this.#options.semiSpaceMb ?? 0,
        resvgPurgeDelayMs: this.#options.resvgPurgeDelayMs ?? -1,
        mallocMmapThresholdKb: this.#options.mallocMmapThresholdKb ?? 0,
        codeCacheDir: this.#options.codeCacheDir,
        snapshot: this.#workerSnapshot(),
        parentDeathSignal: this.#options.parentDeathSignal ?? false,
      },
      // Events come later, from the event loop: `slot` exists by then.
      {
        message: (message: WorkerMessage) => this.#onMessage(slot, message),
        ended: (reason) => this.#onCrash(slot, reason),
      },
    );
    const slot: Slot = {
      worker,
      ready: false,
      statPath: undefined,
      job: undefined,
      clock: undefined,
      stopWatch: undefined,
      retired: false,
    };
    // Idle workers must not keep the process alive; a busy one does (see #start).
    worker.unref();
    return slot;
  }

  /**
   * Hand queued jobs to ready, idle workers (a starting worker gets work once it has loaded its fonts), and start a
   * worker for each job still waiting beyond those already starting, up to the pool's size.
   */
  #dispatch(): void {
    let held = false;
    for (const slot of this.#slots) {
      if (this.#queue.size === 0) break;
      if (!slot || slot.retired || !slot.ready || slot.job) continue;
      const job = this.#queue.next();
      if (!job) {
        held = true;
        break;
      }
      this.#start(slot, job);
    }
    // Free workers held back for other tenants: look again once those may have gone quiet.
    const retryMs = held ? this.#queue.retryInMs() : undefined;
    if (retryMs !== undefined && !this.#retryTimer) {
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        this.#dispatch();
      }, retryMs);
      this.#retryTimer.unref();
    }
    let starting = this.#slots.filter((slot) => slot && !slot.retired && !slot.ready).length;
    for (let index = 0; index < this.#slots.length && this.#queue.size > starting; index++) {
      const slot = this.#slots[index];
      if (slot && !slot.retired) continue;
      this.#slots[index] = this.#spawn();
      starting++;
    }
    this.#updateRefs();
  }

  /** Busy workers, and starting ones while renders wait, keep the process alive; idle ones never do. */
  #updateRefs(): void {
    const waiting = this.#queue.size > 0;
    for (const slot of this.#slots) {
      if (!slot || slot.retired) continue;
      if (slot.job || (waiting && !slot.ready)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  #start(slot: Slot, job: Job): void {
    job.stopWaiting();
    slot.job = job;
    job.queueMs = performance.now() - job.enqueuedAt;
    slot.clock = new RenderClock(slot.statPath);
    slot.stopWatch = watchClock(slot.clock, this.#options, (reason) => this.#onTimeout(slot, reason));
    slot.worker.send(
      job.work.type === 'render'
        ? ({
            type: 'render',
            id: job.id,
            input: job.work.input,
            saveSuffix: job.saveSuffix,
          } satisfies RenderRequest)
        : ({ type: 'template', id: job.id, work: job.work.work } satisfies TemplateRequest),
    );
  }

  #finish(slot: Slot): Job | undefined {
    const job = slot.job;
    if (job) this.#queue.finished(job.tenant);
    slot.job = undefined;
    slot.clock = undefined;
    slot.stopWatch?.();
    slot.stopWatch = undefined;
    if (!slot.retired) slot.worker.unref();
    return job;
  }

  #onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      slot.statPath = slot.worker.statPath(message.tid);
      this.#dispatch();
      return;
    }
    if (!slot.job || slot.job.id !== message.id) return;
    if (message.type === 'untimed') {
      if (message.untimed) slot.clock?.pause(message.cpuMs);
      else slot.clock?.resume(message.cpuMs);
      if (message.loaded) this.#fontSets.add(message.loaded);
      return;
    }
    const job = this.#finish(slot) as Job;
    if (message.type === 'template-result') {
      // Template work is not a render: the counters (RendererStats) count renders only.
      job.resolve(message.html);
    } else if (message.type === 'result') {
      const { data, ...rest } = message.result;
      this.#counters.completed++;
      job.resolve({
        ...rest,
        data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
        timings: { ...rest.timings, queue: roundMs(job.queueMs) },
      });
    } else {
      if (job.work.type === 'render') this.#counters.failed++;
      // The worker's error has the stage and its timings (render.ts); the wait for a worker is the pool's to add.
      const error = PictorError.fromJSON(message.error);
      const timings = error.details?.timings;
      job.reject(
        typeof timings === 'object' && timings !== null
          ? new PictorError(error.code, error.message, {
              ...error.details,
              timings: { ...timings, queue: roundMs(job.queueMs) },
            })
          : error,
      );
    }
    // Before the next job can be handed to it.
    if (message.type !== 'template-result' && overLimit(message.rss, this.#options.maxRssMb ?? 0))
      this.#recycle(slot);
    this.#afterJob();
  }

  /** Replace an idle worker whose memory grew over `maxRssMb` by a fresh one (no render is lost or failed). */
  #recycle(slot: Slot): void {
    if (slot.retired) return;
    slot.retired = true;
    this.#counters.workersRecycled++;
    slot.worker.terminate().catch(() => undefined);
    const index = this.#slots.indexOf(slot);
    if (!this.#closing && index >= 0) this.#slots[index] = this.#spawn(false);
  }

  #onTimeout(slot: Slot, reason: RenderTimeoutReason): void {
    const used = slot.clock?.usedMs();
    const job = this.#finish(slot);
    if (!job) return;
    this.#counters.timedOut++;
    this.#counters.failed++;
    const limitMs = reason === 'stuck' ? this.#options.wallTimeoutMs : this.#options.timeoutMs;
    job.reject(
      renderTimeoutError(
        reason,
        limitMs,
        {
          queue: roundMs(job.queueMs),
          total: roundMs(performance.now() - job.enqueuedAt - job.queueMs),
          ...(used === undefined ? {} : { counted: roundMs(used) }),
        },
        job.work.type,
      ),
    );
    this.#replace(slot, job);
    this.#afterJob();
  }

  #onCrash(slot: Slot, reason: string): void {
    if (slot.retired) return;
    const job = this.#finish(slot);
    this.#replace(slot, job);
    if (job) {
      this.#counters.failed++;
      job.reject(
        new PictorError(
          'RENDER_FAILED',
          `the render engine crashed on this input (${reason}); the worker was replaced`,
        ),
      );
    } else if (!slot.ready) {
      // A worker that cannot even start fails the oldest waiting render, so a broken setup cannot loop forever.
      const waiting = this.#queue.next();
      if (waiting) {
        this.#queue.finished(waiting.tenant);
        waiting.stopWaiting();
        this.#counters.failed++;
        waiting.reject(new PictorError('RENDER_FAILED', `a render worker could not start (${reason})`));
      }
    }
    this.#afterJob();
  }

  /**
   * Stop a worker and start its replacement right away, so the pool stays warm. A worker that died before it
   * was ready is replaced on demand instead (no crash loop when workers cannot start at all). Once it has stopped,
   * the temporary file its render (`job`) may have left for saveTo is removed (closed with the worker).
   */
  #replace(slot: Slot, job: Job | undefined): void {
    if (slot.retired) return;
    slot.retired = true;
    this.#counters.workersReplaced++;
    const saveTo = job?.work.type === 'render' ? job.work.input.saveTo : undefined;
    const abandoned =
      saveTo !== undefined && job?.saveSuffix !== undefined
        ? temporaryPathOf(saveTo, job.saveSuffix)
        : undefined;
    slot.worker
      .terminate()
      .catch(() => undefined)
      .then(() => {
        if (abandoned !== undefined) releaseAbandonedFile(abandoned);
      })
      .catch(() => undefined);
    const index = this.#slots.indexOf(slot);
    if (slot.ready && !this.#closing && index >= 0) this.#slots[index] = this.#spawn();
  }

  #afterJob(): void {
    this.#dispatch();
    this.#checkDrained();
  }

  #checkDrained(): void {
    if (!this.#drained || this.#queue.size > 0) return;
    if (this.#slots.some((slot) => slot?.job)) return;
    this.#drained();
    this.#drained = undefined;
  }
}

/**
 * How long a tenant counts as active after its last render ended: long enough to cover the gap between one caller's
 * consecutive requests (its next render then finds a worker free), short enough that a tenant alone soon has every
 * worker again.
 */
const ACTIVE_TENANT_MS = 1000;

/** True when a worker's reported resident memory (bytes) is over `maxRssMb` (MB; 0: no limit). */
function overLimit(rss: number | undefined, maxRssMb: number): boolean {
  return rss !== undefined && maxRssMb > 0 && rss > maxRssMb * 1024 * 1024;
}

function abortedError(): PictorError {
  return new PictorError('ABORTED', 'the render was abandoned by its caller before it started');
}
