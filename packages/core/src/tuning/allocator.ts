/**
 * Tuning (see index.ts): resvg's native allocator (mimalloc, linked into @resvg/resvg-js) in worker processes is
 * allowed large OS pages. Every render allocates a fresh multi-megabyte pixmap (and resvg copies it once more);
 * with 4 KiB pages the kernel faults in and zeroes each page of it on every render. With large pages allowed, the
 * same memory comes in a handful of faults. Set through mimalloc's own environment variable when the worker process
 * starts (it is read once, when the allocator starts); a value already in the environment is left as it is.
 */

/** mimalloc's option, read from the environment at its start. */
export const LARGE_PAGES = 'MIMALLOC_ALLOW_LARGE_OS_PAGES';

/** The environment for a render worker process: this process's, with large pages allowed unless it says otherwise. */
export function workerProcessEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return LARGE_PAGES in env ? env : { ...env, [LARGE_PAGES]: '1' };
}
