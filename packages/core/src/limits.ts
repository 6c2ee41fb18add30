/**
 * Default limits of the engine and its fetcher (docs/contract/decisions.md "Limits"); the service's settings start
 * from them.
 */
import type { RenderLimits } from './types.js';

/** Defaults of `RenderLimits`. */
export const DEFAULT_LIMITS: Readonly<Required<RenderLimits>> = Object.freeze({
  maxDimension: 4096,
  maxPixels: 16_777_216,
  maxHtmlLength: 2 * 1024 * 1024,
  timeoutMs: 10_000,
  wallTimeoutMs: 60_000,
  maxImagePixels: 25_000_000,
  maxTextLength: 500_000,
  maxElements: 10_000,
  maxStyleLength: 2_000_000,
  maxImportDepth: 4,
  maxImportedSheets: 32,
});

/** The wall-clock backstop is at least this many times the CPU time limit (RenderLimits.wallTimeoutMs). */
export const WALL_TIMEOUT_FACTOR = 6;

/** Default size of a worker's PrescaledImageCache (raster/prescaled-images.ts): the pictures of a few hundred cards. */
export const DEFAULT_PRESCALED_CACHE_MB = 64;

/**
 * Default `keptCanvasMb` (raster/canvas-pool.ts): a 1200×630 card's raster (2.9 MiB) and a 600×315 one's fit; larger
 * rasters are not kept between renders (their page faults are a few ms of a render of 50 ms and more).
 */
export const DEFAULT_KEPT_CANVAS_MB = 4;

/** Defaults of `FetchOptions`, and the fetcher's cache bounds. */
export const FETCH_DEFAULTS = Object.freeze({
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 5,
  cacheEntries: 256,
  cacheBytes: 64 * 1024 * 1024,
  cacheTtlMs: 10 * 60_000,
});
