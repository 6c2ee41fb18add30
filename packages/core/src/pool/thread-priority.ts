/**
 * Scheduling priority of render threads. A worker thread lowers its own priority (a higher nice value) so the
 * thread that owns the pool — an HTTP server's event loop, say — is scheduled first when every core is busy
 * rendering: requests are parsed, checked and answered without waiting behind renders. Renders lose nothing
 * when the machine has nothing else to run. Linux only (threads have their own nice value there); elsewhere a
 * no-op.
 */
import { access, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Default nice value of render worker threads: below normal (os.constants.priority.PRIORITY_BELOW_NORMAL). */
export const DEFAULT_WORKER_NICE = 10;

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
 * Make sure libuv's thread pool (file system, DNS, crypto, and sharp's encoders) exists before any worker could
 * create it: its threads inherit the priority of the thread that starts them, and must not inherit a worker's.
 * The pool is created synchronously by the first queued request, which this is.
 */
export function startThreadPoolHere(): void {
  access(process.execPath, () => {});
}
