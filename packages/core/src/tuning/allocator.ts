/**
 * The allocators of a worker process, set through their environment variables when it starts (each allocator reads
 * them once, at its start); a value already in the environment is left as it is.
 *
 * - Setting `workerResvgPurgeDelayMs` (RendererOptions): resvg's native allocator (mimalloc 2.1, linked into
 *   @resvg/resvg-js as Rust's global allocator: its .node carries mimalloc's option names) gives freed pages back to
 *   the system after `MIMALLOC_PURGE_DELAY` ms, default 0: at once. mimalloc only purges when it is called again,
 *   so with its own 10 ms an idle worker kept the pixmaps of its last renders (a 2400×1260 one is 12 MB, and resvg
 *   copies it once more); -1: never purged.
 * - Tuning (see index.ts) `largePages`, only with `workerResvgPurgeDelayMs: -1`: mimalloc is allowed large OS pages.
 *   Every render allocates a fresh multi-megabyte pixmap; with 4 KiB pages the kernel faults in and zeroes each page
 *   of it on every render, with large pages in a handful of faults. mimalloc marks memory it got that way as pinned
 *   and never purges it: 50–110 MiB per worker stayed resident after 2400×1260 renders.
 * - Setting `workerMallocMmapThresholdKb` (RendererOptions): glibc's malloc serves blocks from this size up by their
 *   own mapping, unmapped when freed (`MALLOC_MMAP_THRESHOLD_`), default 256 KiB. glibc's own threshold starts at
 *   128 KiB and rises to the largest block freed (up to 32 MiB): after the first large render every pixel buffer
 *   (Node's Buffers, libvips' images) came from the heap, and what was freed there stayed resident, 45–75 MiB per
 *   worker. Setting it also keeps glibc's trimming of the heap's top at its 128 KiB. 0: glibc's own.
 * - Setting `workerMallocArenas` (RendererOptions): glibc's malloc gives each thread that allocates its own arena, up
 *   to 8 per core, and keeps what it freed in each; libvips' and libuv's threads in a worker held 100–140 MiB of
 *   arenas after a few dozen mixed renders (benchmarks/render/memory-breakdown.mjs). Two arenas held 20.
 */

/** mimalloc's options, read from the environment at its start. */
export const LARGE_PAGES = 'MIMALLOC_ALLOW_LARGE_OS_PAGES';
export const PURGE_DELAY = 'MIMALLOC_PURGE_DELAY';
/** glibc's bound on its malloc arenas. */
export const MALLOC_ARENAS = 'MALLOC_ARENA_MAX';
/** glibc's fixed mmap threshold (bytes). */
export const MMAP_THRESHOLD = 'MALLOC_MMAP_THRESHOLD_';
/** Default `workerMallocArenas`: glibc's malloc arenas in a worker process (0: glibc's own, 8 per core). */
export const DEFAULT_MALLOC_ARENAS = 2;
/** Default `workerResvgPurgeDelayMs`: freed pages of resvg's allocator go back to the system at once. */
export const DEFAULT_RESVG_PURGE_DELAY_MS = 0;
/** Default `workerMallocMmapThresholdKb`: blocks of 256 KiB and more are mapped on their own, unmapped when freed. */
export const DEFAULT_MALLOC_MMAP_THRESHOLD_KB = 256;
/** glibc refuses a fixed mmap threshold above 32 MiB (HEAP_MAX_SIZE / 2 on 64-bit). */
export const MAX_MALLOC_MMAP_THRESHOLD_KB = 32 * 1024;

export interface WorkerAllocatorOptions {
  /** Allow mimalloc large OS pages (tuning `largePages`): only where it never purges (`resvgPurgeDelayMs` -1). */
  largePages: boolean;
  /** glibc's malloc arenas, 0 for glibc's own. */
  mallocArenas: number;
  /** mimalloc's purge delay (ms), -1: never purge. */
  resvgPurgeDelayMs: number;
  /** glibc's mmap threshold (KiB), 0 for glibc's own (dynamic). */
  mallocMmapThresholdKb: number;
}

/** The environment for a render worker process: this process's, with the allocators' options unless it sets them. */
export function workerProcessEnv(
  options: WorkerAllocatorOptions,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const extra: NodeJS.ProcessEnv = {};
  const neverPurged = options.resvgPurgeDelayMs < 0;
  if (options.largePages && neverPurged && !(LARGE_PAGES in env)) extra[LARGE_PAGES] = '1';
  if (!(PURGE_DELAY in env)) extra[PURGE_DELAY] = String(options.resvgPurgeDelayMs);
  if (options.mallocArenas > 0 && !(MALLOC_ARENAS in env))
    extra[MALLOC_ARENAS] = String(options.mallocArenas);
  if (options.mallocMmapThresholdKb > 0 && !(MMAP_THRESHOLD in env))
    extra[MMAP_THRESHOLD] = String(options.mallocMmapThresholdKb * 1024);
  return Object.keys(extra).length === 0 ? env : { ...env, ...extra };
}
