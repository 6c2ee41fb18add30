/**
 * A worker process ends with its parent: its IPC channel's `disconnect` tells it between renders, but a render keeps
 * the main thread busy for up to the time limit, and a parent killed with SIGKILL cannot stop its children. A small
 * thread of the worker's own checks its parent process every 250 ms and kills the worker as soon as it has a new one
 * (it was orphaned), even in the middle of a render.
 */
import { Worker } from 'node:worker_threads';

/** How often the watchdog looks at the parent process id. */
export const PARENT_CHECK_MS = 250;

const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.ppid) process.kill(workerData.pid, 'SIGKILL');
}, workerData.everyMs);
`;

/** Start the watchdog thread of this process (it never keeps the process alive). */
export function dieWithParent(): void {
  const watchdog = new Worker(WATCHDOG, {
    eval: true,
    workerData: { ppid: process.ppid, pid: process.pid, everyMs: PARENT_CHECK_MS },
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
  });
  watchdog.unref();
}
