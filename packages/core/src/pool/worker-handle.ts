/**
 * One render worker as the pool sees it, whether a child process (the default) or a worker thread: send it
 * requests, hear its messages and its end, stop it, and let it keep the process alive or not.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerProcessEnv } from '../tuning/allocator.js';
import { BASELINE_LARGE_FUNCTIONS } from '../tuning/baseline-large-functions.js';
import { LATE_OPTIMIZATION } from '../tuning/late-optimization.js';
import { ALL_TUNINGS_ON } from '../tuning/switches.js';
import { CODE_CACHE_DIR_ARG } from './code-cache-hook.js';
import { PARENT_DEATH_SIGNAL_ARG, parentDeathLauncher } from './parent-death-signal.js';
import { processStatPath, threadStatPath } from './render-clock.js';
import type { WorkerIsolation } from '../types.js';
import { ResultChannel, resultChannelAddress } from './result-channel.js';
import { maxResultBytes } from './result-frame.js';
import type {
  ChannelResultMessage,
  ProcessWorkerSetup,
  RenderRequest,
  StartedMessage,
  TemplateRequest,
  WorkerMessage,
  WorkerSetup,
} from './protocol.js';

export interface WorkerHandle {
  send(request: RenderRequest | TemplateRequest): void;
  /**
   * The /proc stat file whose CPU time the worker's renders are timed by: a process's own; a thread's once it has
   * said its id (`ready`). Undefined where there is none (not Linux): renders are timed by the clock.
   */
  statPath(threadId: number | undefined): string | undefined;
  /** Stop the worker (killed if it is mid-render); resolves once it has ended. */
  terminate(): Promise<void>;
  /** Let a busy worker keep the process alive; an idle one must not (`unref`). */
  ref(): void;
  unref(): void;
}

export interface WorkerEvents {
  message(message: WorkerMessage): void;
  /** The worker ended or failed, with a reason for the error message ("it exited with code 70"). */
  ended(reason: string): void;
}

export interface StartWorkerOptions {
  isolation: WorkerIsolation;
  script: URL;
  setup: WorkerSetup;
  /** Heap limit of the worker (MB). */
  memoryLimitMb: number;
  /** glibc's malloc arenas of a worker process (tuning/allocator.ts); 0: glibc's own. */
  mallocArenas: number;
  /** V8's largest semi-space of a worker process (MB, `--max-semi-space-size`); 0: V8's own. */
  semiSpaceMb: number;
  /** Purge delay of resvg's allocator in a worker process (ms, tuning/allocator.ts); -1: never. */
  resvgPurgeDelayMs: number;
  /** glibc's mmap threshold of a worker process (KiB, tuning/allocator.ts); 0: glibc's own. */
  mallocMmapThresholdKb: number;
  /** Where a worker process keeps its V8 code cache (code-cache.ts); undefined: none. */
  codeCacheDir?: string;
  /**
   * A startup snapshot of the worker for these flags (worker-snapshot.ts `snapshotFor`): the process starts from it;
   * undefined: from `script`. A process that cannot start from it is started again from `script` (and the snapshot is
   * not tried again in this process).
   */
  snapshot?: string;
  /**
   * Start a worker process through the launcher that sets its parent-death signal (parent-death-signal.ts), where
   * there is one: it then ends with this process without a watchdog thread of its own.
   */
  parentDeathSignal: boolean;
}

/** The V8 and Node flags of a worker process: what its code cache and startup snapshot are made for and keyed by. */
export function workerExecArgv(
  options: Pick<StartWorkerOptions, 'setup' | 'memoryLimitMb' | 'semiSpaceMb'>,
): string[] {
  const tunings = options.setup.environment.tunings ?? ALL_TUNINGS_ON;
  const { heapGrowingPercent } = options.setup;
  return [
    ...(tunings.singleThreadedGc ? [SINGLE_THREADED_GC] : []),
    ...(tunings.baselineLargeFunctions ? [BASELINE_LARGE_FUNCTIONS] : []),
    ...(tunings.lateOptimization ? [LATE_OPTIMIZATION] : []),
    // On the command line, not only set by the worker as it starts: V8 accepts a code cache only under the flags
    // it was made with, and the cache is made after the worker set it.
    ...(tunings.heapGrowing && heapGrowingPercent > 0
      ? [`--heap-growing-percent=${heapGrowingPercent}`]
      : []),
    `--max-old-space-size=${options.memoryLimitMb}`,
    ...(options.semiSpaceMb > 0 ? [`--max-semi-space-size=${options.semiSpaceMb}`] : []),
  ];
}

/**
 * V8 flag of worker processes (tuning `singleThreadedGc`): each collects its own garbage on its own thread (fewer
 * threads per render).
 */
const SINGLE_THREADED_GC = '--single-threaded-gc';

/** How much of a worker process's last stderr output is kept to explain its end. */
const STDERR_TAIL_CHARS = 4096;
/** V8's message when a heap reaches its limit ("FATAL ERROR: … JavaScript heap out of memory"). */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/;

/** Start one worker. */
export function startWorker(options: StartWorkerOptions, events: WorkerEvents): WorkerHandle {
  return options.isolation === 'thread' ? startThread(options, events) : startProcess(options, events);
}

function startThread(options: StartWorkerOptions, events: WorkerEvents): WorkerHandle {
  const worker = new Worker(options.script, {
    workerData: options.setup,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb },
  });
  worker.on('message', events.message);
  worker.on('error', (error) => events.ended(`it threw: ${error.message}`));
  worker.on('exit', (code) => events.ended(`it exited with code ${code}`));
  return {
    send: (request) => worker.postMessage(request),
    statPath: (threadId) => (threadId === undefined ? undefined : threadStatPath(threadId)),
    terminate: async () => {
      await worker.terminate();
    },
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  };
}

/** Set once a worker process could not start from its snapshot: later ones start from their script. */
let snapshotFailed = false;
/** Set once a worker process could not start through the parent-death launcher: later ones start without it. */
let launcherFailed = false;

function startProcess(options: StartWorkerOptions, events: WorkerEvents): WorkerHandle {
  const first = options.snapshot !== undefined && !snapshotFailed;
  let child = launchProcess(options, first);
  let referenced = true;
  let terminating = false;
  /** The current process's result channel, once it is ready. */
  let results: ResultChannel | undefined;
  const watch = (current: ChildProcess, fromSnapshot: boolean) => {
    // The worker's stderr goes on to this process's; its tail tells an out-of-memory abort from other crashes. A
    // process started from a snapshot says nothing until it has started: a snapshot it cannot use (made by another
    // Node, or damaged) is not an error of the renderer's, it starts again without.
    let stderrTail = '';
    let started = false;
    const throughLauncher = launchedThroughLauncher.has(current);
    // Never what keeps this process alive (the worker and its channel decide that: ref/unref below).
    (current.stderr as Socket | null)?.unref();
    current.stderr?.on('data', (chunk: Buffer) => {
      if (started || (!fromSnapshot && !throughLauncher)) process.stderr.write(chunk);
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    results = undefined;
    const address = resultChannelAddress();
    const setup: ProcessWorkerSetup = {
      type: 'setup',
      setup: options.setup,
      ...(address ? { resultChannel: address } : {}),
    };
    current.on('message', (message: WorkerMessage | StartedMessage | ChannelResultMessage) => {
      // The worker asks for its setup once it listens (a message sent earlier could reach no listener).
      if (message.type === 'started') {
        started = true;
        current.send(setup);
        return;
      }
      // Ready: it listens on its result channel (if it was offered one) since before its warm-up render.
      if (message.type === 'ready' && address && !results)
        results = new ResultChannel(address, maxResultBytes(options.setup.environment.limits), (reason) => {
          events.ended(reason);
          current.kill('SIGKILL');
        });
      if (message.type !== 'channel-result') {
        events.message(message);
        return;
      }
      const { id, result, byteLength, rss } = message;
      const deliver = (data: Buffer) =>
        events.message({
          type: 'result',
          id,
          result: { ...result, data },
          ...(rss === undefined ? {} : { rss }),
        });
      if (results) results.take(id, byteLength, deliver);
      else {
        events.ended('it sent an image on a result channel it was not offered');
        current.kill('SIGKILL');
      }
    });
    current.on('error', (error) => events.ended(`it could not be started or reached: ${error.message}`));
    current.on('exit', (code, signal) => {
      results?.close();
      // A launcher that could not start node (not the setpriv it seemed): again without it, from the snapshot if any.
      if (throughLauncher && !started && !terminating) {
        launcherFailed = true;
        child = launchProcess(options, fromSnapshot);
        if (!referenced) unrefProcess(child);
        watch(child, fromSnapshot);
        return;
      }
      if (fromSnapshot && !started && !terminating) {
        snapshotFailed = true;
        child = launchProcess(options, false);
        if (!referenced) unrefProcess(child);
        watch(child, false);
        return;
      }
      if (OUT_OF_MEMORY.test(stderrTail)) {
        events.ended(
          `it ran out of memory: over the workers' heap limit of ${options.memoryLimitMb} MB (workerMemoryLimitMb)`,
        );
      } else events.ended(signal ? `it was ended by ${signal}` : `it exited with code ${code}`);
    });
  };
  watch(child, first);
  return {
    send: (request) => {
      if (child.connected) child.send(request);
    },
    statPath: () => (child.pid === undefined ? undefined : processStatPath(child.pid)),
    terminate: async () => {
      terminating = true;
      results?.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.ref(); // until it has ended: a process awaiting this must not exit first
        child.kill('SIGKILL');
        await exited;
      }
    },
    ref: () => {
      referenced = true;
      child.ref();
      child.channel?.ref();
    },
    unref: () => {
      referenced = false;
      unrefProcess(child);
    },
  };
}

/** Node's flag that starts a process from a startup snapshot. */
const SNAPSHOT_BLOB_ARG = '--snapshot-blob=';

/** Fork a worker process: from its snapshot, or from its script; through the parent-death launcher if asked. */
function launchProcess(options: StartWorkerOptions, fromSnapshot: boolean): ChildProcess {
  const tunings = options.setup.environment.tunings ?? ALL_TUNINGS_ON;
  const launcher = options.parentDeathSignal && !launcherFailed ? parentDeathLauncher() : null;
  const nodeArgv = [
    ...workerExecArgv(options),
    ...(fromSnapshot ? [`${SNAPSHOT_BLOB_ARG}${options.snapshot}`] : []),
  ];
  const child = fork(
    fileURLToPath(options.script),
    [
      ...(options.codeCacheDir === undefined ? [] : [`${CODE_CACHE_DIR_ARG}${options.codeCacheDir}`]),
      ...(launcher ? [PARENT_DEATH_SIGNAL_ARG] : []),
    ],
    {
      // fork runs `execPath ...execArgv script ...args`: the launcher, its arguments, then node and its flags.
      ...(launcher ? { execPath: launcher.file } : {}),
      execArgv: launcher ? [...launcher.args, process.execPath, ...nodeArgv] : nodeArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      env: workerProcessEnv({
        largePages: tunings.largePages,
        mallocArenas: options.mallocArenas,
        resvgPurgeDelayMs: options.resvgPurgeDelayMs,
        mallocMmapThresholdKb: options.mallocMmapThresholdKb,
      }),
    },
  );
  if (launcher) launchedThroughLauncher.add(child);
  return child;
}

/** Worker processes forked through the parent-death launcher. */
const launchedThroughLauncher = new WeakSet<ChildProcess>();

function unrefProcess(child: ChildProcess): void {
  child.unref();
  child.channel?.unref();
}
