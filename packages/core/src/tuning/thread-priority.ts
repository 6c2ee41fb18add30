/**
 * Tuning (see index.ts): scheduling priority of render threads, for a host that runs the service alone (option
 * `workerNice`). Off by default: nice is relative to every process on the host, so on a shared host with 16 busy
 * processes renders at nice 10 took 10–20 s instead of ~2.5 s at nice 0 (benchmarks/RESULTS.md, "Renders on a busy
 * host").
 *
 * A worker process lowers the priority (raises the nice value) of all its threads; a worker thread lowers its own,
 * and that of libvips' encoder threads. So the thread that owns the pool — an HTTP server's event loop, say — is
 * scheduled first when it wakes: requests are parsed, checked and answered without waiting behind renders. Linux
 * only (threads have their own nice value there); elsewhere a no-op.
 */
import { access, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Default nice value of render worker threads: normal priority, as every other process on the host. */
export const DEFAULT_WORKER_NICE = 0;

/** This thread's kernel thread id (Linux), or undefined where threads have no id of their own in /proc. */
export function currentThreadId(): number | undefined {
  try {
    // "/proc/thread-self" → "{pid}/task/{tid}"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Give the calling thread the nice value `nice` (0 = normal, 19 = lowest). Returns whether it was applied: false
 * where threads cannot be told apart (not Linux) or the system refused.
 */
export function setCurrentThreadNice(nice: number): boolean {
  const tid = currentThreadId();
  if (tid === undefined || tid === process.pid) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/**
 * Give every thread of this process the nice value `nice` (for a worker process, which renders and nothing else);
 * threads started later inherit it from the thread that starts them. Linux only; elsewhere the main thread's.
 */
export function setProcessNice(nice: number): void {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    threads = [String(process.pid)];
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      // The thread ended meanwhile, or the system refused: leave it.
    }
  }
}

/** Name libvips gives the threads that run its operations (sharp's encoders). */
const ENCODER_THREAD_NAME = 'libvips worker';
/** Encoder threads already lowered (by id), so each render reads only the names of threads not yet lowered. */
const loweredThreads = new Set<string>();

/**
 * Give libvips' encoder threads (created on demand, shared by the process's workers) the nice value `nice` where
 * they have a lower one. A thread is read again until it is seen as an encoder thread: a new thread carries its
 * creator's name until it names itself, so one look is not enough.
 */
export function lowerEncoderThreads(nice: number): void {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of threads) {
    if (loweredThreads.has(tid)) continue;
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== ENCODER_THREAD_NAME) continue;
      if (getPriority(Number(tid)) < nice) setPriority(Number(tid), nice);
      loweredThreads.add(tid);
    } catch {
      // The thread ended meanwhile, or the system refused: leave it.
    }
  }
  // Thread ids are reused after threads end; forget the ones gone.
  if (loweredThreads.size > threads.length) {
    const alive = new Set(threads);
    for (const tid of loweredThreads) if (!alive.has(tid)) loweredThreads.delete(tid);
  }
}

/**
 * Make sure libuv's thread pool (file system, DNS, crypto, and sharp's encoders) exists before any worker could
 * create it: its threads inherit the priority of the thread that starts them, and must not inherit a worker's.
 * The pool is created synchronously by the first queued request, which this is.
 */
export function startThreadPoolHere(): void {
  access(process.execPath, () => {});
}
