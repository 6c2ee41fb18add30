/**
 * Tuning (see index.ts): V8's heap growing factor in render workers. A render makes several strings of 100+ KB (the
 * SVG and its rewrites) that go straight to the old generation; with V8's own factor a worker ran a full collection
 * every few renders. Letting the heap grow to twice its live size before the next one earns its place with the pool
 * saturated on fresh content (benchmarks/RESULTS.md, "Tunings that earn their place (issue 21)").
 */
import { setFlagsFromString } from 'node:v8';

/** Default `heapGrowingPercent` (RendererOptions): full collections wait until a worker's heap is twice its live size. */
export const DEFAULT_HEAP_GROWING_PERCENT = 100;

/**
 * Set V8's `--heap-growing-percent` for this process; 0 leaves V8's own. V8 reads it whenever it sets the next full
 * collection's limit, so it takes effect for the heaps already running.
 */
export function applyHeapGrowingPercent(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
