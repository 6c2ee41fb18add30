/**
 * Performance tunings (issues 21 and 39): each makes renders faster with the same pixels, and each is switched in
 * one place, switches.ts (RendererOptions.tunings, for measuring; all on by default), which names every one and
 * where it lives. They do not all live here: a tuning lives with the stage it belongs to — the text layer and the
 * canvas gradient are raster stages (raster/text-layer.ts, raster/canvas-gradient.ts), the decoded pictures too
 * (raster/prescaled-images.ts), the PNG writer and its halves are encoders (encode/png.ts,
 * encode/deflate-halves.ts), glyph runs are the layout's (layout/glyph-runs.ts). This folder keeps the switches and
 * the tunings that belong to no stage:
 *
 * - switches.ts — every tuning's switch, its default and where it lives.
 * - svg-rewrites.ts — rewrites of satori's SVG that resvg draws faster with the same pixels (single-tile gradient
 *   patterns inlined; image masks that change nothing dropped). test/tuning-svg-shape.test.ts fails when satori's
 *   output no longer has the shape they rewrite.
 * - allocator.ts — large OS pages allowed for resvg's allocator in worker processes (where it never purges), and
 *   the allocators' settings of worker processes (arenas, purge delay, mmap threshold).
 * - heap-growing.ts — V8's heap growing factor in render workers (option `heapGrowingPercent`, default 100).
 * - baseline-large-functions.ts — the V8 flag by which worker processes never optimize their largest functions.
 * - late-optimization.ts — the V8 flag by which worker processes optimize a function after more of it ran.
 * - thread-priority.ts — render threads below normal priority (option `workerNice`; default 0, off: on a shared
 *   host it starves renders). An option rather than a tuning: it is off unless a host asks for it.
 *
 * `node benchmarks/render/fresh.mjs --only tunings` measures each switch side by side on fresh content; a tuning
 * that gains less than 5% on every card and format is removed (benchmarks/RESULTS.md).
 */
export { workerProcessEnv } from './allocator.js';
export { applyHeapGrowingPercent, DEFAULT_HEAP_GROWING_PERCENT } from './heap-growing.js';
export {
  DEFAULT_WORKER_NICE,
  lowerEncoderThreads,
  setCurrentThreadNice,
  setProcessNice,
  startThreadPoolHere,
} from './thread-priority.js';
export { dropRedundantImageMasks, inlineGradientPatterns } from './svg-rewrites.js';
export {
  ALL_TUNINGS_ON,
  resolveTunings,
  type ResolvedTunings,
  TUNING_NAMES,
  TUNING_SWITCHES,
} from './switches.js';
