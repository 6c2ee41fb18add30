/**
 * Worker entry (built to dist/worker.js), run as a child process or as a worker thread: loads the fonts once, warms
 * up, then renders what the pool sends.
 */
import { startupSnapshot } from 'node:v8';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { configureEncoder } from '../encode/sharp.js';
import { PictorError, toPictorError } from '../errors.js';
import { getBuiltinFonts } from '../fonts/builtin.js';
import { loadFontSets } from '../fonts/font-sets.js';
import {
  createRenderEnvironment,
  type RenderHooks,
  renderHtml,
  startLoadingRendererFonts,
} from '../render.js';
import { BASELINE_LARGE_FUNCTIONS } from '../tuning/baseline-large-functions.js';
import { LATE_OPTIMIZATION } from '../tuning/late-optimization.js';
import { applyHeapGrowingPercent } from '../tuning/heap-growing.js';
import { LARGE_PAGES } from '../tuning/allocator.js';
import { collectAllGenerations, collectsAfter, collectYoungGeneration } from '../tuning/native-collection.js';
import { marksEarly, withEarlyMarking } from '../tuning/early-marking.js';
import { ALL_TUNINGS_ON, type TuningName } from '../tuning/switches.js';
import { doTemplateWork } from '../templates/template-work.js';
import {
  currentThreadId,
  lowerEncoderThreads,
  setCurrentThreadNice,
  setProcessNice,
} from '../tuning/thread-priority.js';
import type { RenderResult } from '../types.js';
import { resvgClass } from '../raster/resvg-binding.js';
import { validateRenderInput } from '../validate.js';
import { SAVE_CODE_CACHE, WORKER_START } from './code-cache-hook.js';
import { PARENT_DEATH_SIGNAL_ARG } from './parent-death-signal.js';
import { cpuMsOf } from './render-clock.js';
import { dieWithParent } from './parent-watchdog.js';
import { WorkerResultChannel } from './worker-result-channel.js';
import type {
  ChannelResultMessage,
  ProcessWorkerSetup,
  RenderRequest,
  StartedMessage,
  TemplateRequest,
  WorkerMessage,
  WorkerSetup,
} from './protocol.js';

/** The way back to the pool: a thread's port, or a child process's IPC channel. */
interface PoolChannel {
  post(message: WorkerMessage): void;
  /** Send a render's result the cheapest way this end allows. */
  postResult(id: number, result: RenderResult): void;
  onRequest(listener: (request: RenderRequest | TemplateRequest) => void): void;
  /** A worker process's resident memory, for the pool's `maxRssMb` (a thread's would be the whole process's: none). */
  memory(): { rss?: number };
}

/** The warm-up document: one line of the default face on an opaque background (no alpha: no sharp). */
const WARM_UP_HTML = '<div style="display:flex;padding:4px;background:#fff">Pictor</div>';

// Started from a function, not top-level await: the same module is bundled as CommonJS for worker processes
// (dist/worker.cjs, run through the code cache by worker-loader.ts). A failure to start ends the worker. While a
// startup snapshot is built the bundle is only evaluated: the snapshot's entry starts it (worker-snapshot-entry.ts).
if (startupSnapshot?.isBuildingSnapshot()) (globalThis as Record<symbol, unknown>)[WORKER_START] = start;
else void start();

async function start(): Promise<void> {
  // resvg's native module starts its runtime threads as it loads: before this thread lowers its priority, so they keep
  // the process's (as when it loaded with the bundle; it loads on first use, after a startup snapshot).
  resvgClass();
  const { channel, setup } = parentPort ? asThread(parentPort) : await asProcess();

  const tunings = setup.environment.tunings ?? ALL_TUNINGS_ON;
  if (tunings.heapGrowing) applyHeapGrowingPercent(setup.heapGrowingPercent);
  const env = createRenderEnvironment(setup.environment);
  getBuiltinFonts();
  if (tunings.encoderThreads) configureEncoder();
  env.workerTunings = workerTunings(tunings, setup);
  startLoadingRendererFonts(env);
  // Font sets an earlier worker of the pool loaded (this one may replace it): before ready, outside any time limit.
  await loadFontSets(setup.preload ?? []).catch(() => undefined);
  // Render a small document before reporting ready: a worker's first render pays for lazy set-up (the layout engine's
  // WebAssembly, shaping, the rasteriser, the PNG writer; ~150 ms), which would otherwise count against the time limit
  // of its first real render — also on a worker that replaced one the limit stopped. A failure here is not fatal.
  // Only what every render needs: an opaque PNG in the default face, so no other face is parsed and sharp is not
  // loaded before a render asks for them (a cold start waits for this).
  await renderHtml(
    env,
    validateRenderInput({ html: WARM_UP_HTML, format: 'png' }, setup.environment.limits),
  ).catch(() => undefined);
  saveCodeCache();
  // A thread's renders are timed by its own CPU time: the pool reads it by the thread's id.
  channel.post(parentPort ? { type: 'ready', ...optionalTid() } : { type: 'ready' });

  channel.onRequest((request) => {
    if (request.type === 'template') {
      try {
        channel.post({ type: 'template-result', id: request.id, html: doTemplateWork(request.work) });
      } catch (error) {
        const failure =
          error instanceof PictorError ? error : toPictorError(error, 'RENDER_FAILED', 'template');
        channel.post({ type: 'error', id: request.id, error: failure.toJSON() });
      }
      return;
    }
    if (request.type !== 'render') return;
    const hooks: RenderHooks = {
      // Tell the pool to stop counting while a font set loads; the message goes out before the (synchronous) load.
      // Each message carries this worker's CPU time then, so the pool counts exactly the render's own part however
      // late it reads the messages.
      untimed: async (set, work) => {
        channel.post({ type: 'untimed', id: request.id, untimed: true, ...ownCpuMs() });
        try {
          await work();
          collectAllGenerations();
        } finally {
          channel.post({ type: 'untimed', id: request.id, untimed: false, loaded: set, ...ownCpuMs() });
        }
      },
      // A face's first use in this thread (its shaping copy, its glyph script table) is part of loading it.
      untimedSync: (work) => {
        channel.post({ type: 'untimed', id: request.id, untimed: true, ...ownCpuMs() });
        try {
          return work();
        } finally {
          channel.post({ type: 'untimed', id: request.id, untimed: false, ...ownCpuMs() });
        }
      },
      // A large raster's memory goes as soon as it is of no more use, not when a collection finds it dead: resvg's
      // own copy and parsed SVG (young objects then) before the encode, the pixels once the encoder has its copy.
      afterResvg: (width, height) => {
        if (collectsAfter(width, height, setup.gcAfterMegapixels ?? 0)) collectYoungGeneration();
      },
      releasesRaster: (width, height) => collectsAfter(width, height, setup.gcAfterMegapixels ?? 0),
    };
    // A large render in a worker process: V8 marks its old generation early (tuning/early-marking.ts).
    const earlyMarking =
      !parentPort && marksEarly(request.input, setup.gcAfterMegapixels ?? 0)
        ? (setup.earlyMarkingPercent ?? 0)
        : 0;
    withEarlyMarking(earlyMarking, () => renderHtml(env, request.input, request.saveSuffix, hooks)).then(
      (result) => channel.postResult(request.id, result),
      (error: unknown) => {
        const failure =
          error instanceof PictorError ? error : toPictorError(error, 'RENDER_FAILED', 'render');
        channel.post({ type: 'error', id: request.id, error: failure.toJSON(), ...channel.memory() });
      },
    );
  });
}

/**
 * Let the loader save the code cache (worker-loader.ts) now that the warm-up has compiled what a render runs: before
 * ready, so a process that renders once and ends leaves it too. Only the first worker of a build (or after a stale
 * cache) pays for it, ~20–50 ms; it does nothing when the cache was used.
 */
function saveCodeCache(): void {
  const save = (globalThis as Record<symbol, unknown>)[SAVE_CODE_CACHE];
  if (typeof save === 'function') save();
}

/**
 * The tunings of this worker that are on, as it finds itself (RenderResult.tuningsUsed): the heap growing factor it
 * set, and — in a worker process, whose flags and environment are its own — large pages in its environment and
 * single-threaded collection in its flags; the encoder's settings it made.
 */
function workerTunings(tunings: Partial<Record<TuningName, boolean>>, setup: WorkerSetup): TuningName[] {
  const names: TuningName[] = [];
  if (tunings.heapGrowing && setup.heapGrowingPercent > 0) names.push('heapGrowing');
  if (!parentPort && process.env[LARGE_PAGES] === '1') names.push('largePages');
  if (!parentPort && process.execArgv.includes('--single-threaded-gc')) names.push('singleThreadedGc');
  if (!parentPort && process.execArgv.includes(BASELINE_LARGE_FUNCTIONS))
    names.push('baselineLargeFunctions');
  if (!parentPort && process.execArgv.includes(LATE_OPTIMIZATION)) names.push('lateOptimization');
  if (tunings.encoderThreads) names.push('encoderThreads');
  return names;
}

/**
 * This worker's CPU time as the pool reads it (WorkerHandle.statPath: a worker thread's own stat file, a worker
 * process's), where it can be read. The path is taken when called: a worker process may start from a snapshot.
 */
function ownCpuMs(): { cpuMs?: number } {
  const cpuMs = cpuMsOf(parentPort ? '/proc/thread-self/stat' : '/proc/self/stat');
  return cpuMs === undefined ? {} : { cpuMs };
}

function optionalTid(): { tid?: number } {
  const tid = currentThreadId();
  return tid === undefined ? {} : { tid };
}

function asThread(port: MessagePort): { channel: PoolChannel; setup: WorkerSetup } {
  const setup = workerData as WorkerSetup;
  if (setup.nice > 0) setCurrentThreadNice(setup.nice);
  return {
    channel: {
      post: (message) => port.postMessage(message),
      postResult: (id, result) => {
        // Transfer the encoded bytes when they own their whole ArrayBuffer; otherwise copy them once.
        const own = result.data.byteOffset === 0 && result.data.byteLength === result.data.buffer.byteLength;
        const data = own ? result.data : new Uint8Array(result.data);
        port.postMessage({ type: 'result', id, result: { ...result, data } } satisfies WorkerMessage, [
          data.buffer as ArrayBuffer,
        ]);
        // libvips starts its encoder threads on first use, on libuv's threads of the whole process: bring new ones
        // down to this worker's priority (after the result has gone: a look at /proc per render, off the caller's
        // wait).
        if (setup.nice > 0) lowerEncoderThreads(setup.nice);
      },
      onRequest: (listener) => port.on('message', listener),
      memory: () => ({}),
    },
    setup,
  };
}

/** A child process: its setup is the pool's first message; it lowers its priority, and ends with its parent. */
async function asProcess(): Promise<{ channel: PoolChannel; setup: WorkerSetup }> {
  const send = process.send?.bind(process);
  if (!send)
    throw new Error('pictor worker: must run as a worker thread or a child process with an IPC channel');
  process.on('disconnect', () => process.exit(0));
  // Started with the kernel's parent-death signal (parent-death-signal.ts): no watchdog thread needed.
  if (!process.argv.includes(PARENT_DEATH_SIGNAL_ARG)) dieWithParent();
  const first = await new Promise<ProcessWorkerSetup>((resolve) => {
    process.on('message', function onSetup(message: ProcessWorkerSetup) {
      if (message?.type !== 'setup') return;
      process.off('message', onSetup);
      resolve(message);
    });
    send({ type: 'started' } satisfies StartedMessage);
  });
  if (first.setup.nice > 0) setProcessNice(first.setup.nice);
  const post = (message: WorkerMessage | ChannelResultMessage) => {
    if (process.connected) send(message);
  };
  const results = first.resultChannel ? new WorkerResultChannel(first.resultChannel) : undefined;
  return {
    channel: {
      post,
      // The image as a frame on the result channel, the rest over IPC; the image too while there is no channel.
      postResult: (id, result) => {
        const { data, ...rest } = result;
        if (results?.send(id, data))
          post({
            type: 'channel-result',
            id,
            result: rest,
            byteLength: data.byteLength,
            rss: process.memoryUsage.rss(),
          });
        else post({ type: 'result', id, result, rss: process.memoryUsage.rss() });
      },
      onRequest: (listener) => process.on('message', listener),
      memory: () => ({ rss: process.memoryUsage.rss() }),
    },
    setup: first.setup,
  };
}
