/**
 * Performance tunings that earn their place (issue 21): each one here was kept because it makes renders at least
 * 5% faster on fresh content in the setting it targets, measured side by side with it removed — the table and the
 * commands are in benchmarks/RESULTS.md, section "Tunings that earn their place (issue 21)". A tuning that stops
 * showing that is removed, not kept out of habit. One file per tuning:
 *
 * - svg-rewrites.ts — rewrites of satori's SVG that resvg draws faster with the same pixels (single-tile gradient
 *   patterns inlined; image masks that change nothing dropped). test/tuning-svg-shape.test.ts fails when satori's
 *   output no longer has the shape they rewrite.
 * - allocator.ts — large OS pages allowed for resvg's allocator in worker processes (a render's pixmaps come in a
 *   few page faults instead of one per 4 KiB).
 * - canvas-gradient.ts — a linear-gradient background covering the whole canvas painted by a table lookup per
 *   pixel under what resvg draws, instead of by resvg's floating-point gradient pipeline.
 * - text-layer.ts — text that nothing drawn after it covers, painted over resvg's raster from coverage masks kept
 *   per glyph and sub-pixel offset, instead of resvg parsing and filling every outline on every render.
 * - heap-growing.ts — V8's heap growing factor in render workers (option `heapGrowingPercent`, default 100).
 * - thread-priority.ts — render threads (worker processes or threads, libvips' encoder threads) below normal
 *   priority (option `workerNice`; default 0, off: on a shared host it starves renders).
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
export { type CanvasGradient, liftCanvasGradient, paintCanvasGradient } from './canvas-gradient.js';
export { dropRedundantImageMasks, inlineGradientPatterns } from './svg-rewrites.js';
export { liftTextLayer, paintTextLayer, type TextLayer } from './text-layer.js';
