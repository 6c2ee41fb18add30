/**
 * The allocators of a worker process, set through their environment variables when it starts (each allocator reads
 * them once, at its start); a value already in the environment is left as it is.
 *
 * - Tuning (see index.ts) `largePages`: resvg's native allocator (mimalloc, linked into @resvg/resvg-js) is allowed
 *   large OS pages. Every render allocates a fresh multi-megabyte pixmap (and resvg copies it once more); with 4 KiB
 *   pages the kernel faults in and zeroes each page of it on every render. With large pages allowed, the same memory
 *   comes in a handful of faults.
 * - Setting `workerMallocArenas` (RendererOptions): glibc's malloc gives each thread that allocates its own arena, up
 *   to 8 per core, and keeps what it freed in each; libvips' and libuv's threads in a worker held 100–140 MiB of
 *   arenas after a few dozen mixed renders (benchmarks/render/memory-breakdown.mjs). Two arenas held 20.
 */

/** mimalloc's option, read from the environment at its start. */
export const LARGE_PAGES = 'MIMALLOC_ALLOW_LARGE_OS_PAGES';
/** glibc's bound on its malloc arenas. */
export const MALLOC_ARENAS = 'MALLOC_ARENA_MAX';
/** Default `workerMallocArenas`: glibc's malloc arenas in a worker process (0: glibc's own, 8 per core). */
export const DEFAULT_MALLOC_ARENAS = 2;

export interface WorkerAllocatorOptions {
  /** Allow mimalloc large OS pages (tuning `largePages`). */
  largePages: boolean;
  /** glibc's malloc arenas, 0 for glibc's own. */
  mallocArenas: number;
}

/** The environment for a render worker process: this process's, with the allocators' options unless it sets them. */
export function workerProcessEnv(
  options: WorkerAllocatorOptions,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const extra: NodeJS.ProcessEnv = {};
  if (options.largePages && !(LARGE_PAGES in env)) extra[LARGE_PAGES] = '1';
  if (options.mallocArenas > 0 && !(MALLOC_ARENAS in env))
    extra[MALLOC_ARENAS] = String(options.mallocArenas);
  return Object.keys(extra).length === 0 ? env : { ...env, ...extra };
}
