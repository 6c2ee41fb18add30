/**
 * The worker's collections (tuning/native-collection.ts): `collectAllGenerations` runs a full collection (V8's
 * mark-compact; Node 20's V8 ran a scavenge for `gc({ type: 'major' })`), `collectYoungGeneration` a scavenge — seen
 * by the kind of the `gc` performance entries they leave.
 */
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectAllGenerations, collectYoungGeneration } from '../src/tuning/native-collection.js';

/**
 * The kinds (`detail.kind`) of the first `gc` entries Node delivers after `work` ran: the collection `work` ran is
 * among them (entries come after the collection, from the event loop; awaited, not waited for).
 */
function collectionsOf(work: () => void): Promise<number[]> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      resolve(
        (list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]).map(
          (entry) => entry.detail?.kind ?? -1,
        ),
      );
    });
    observer.observe({ entryTypes: ['gc'] });
    work();
  });
}

describe('native collections', () => {
  it('collectAllGenerations runs a full collection', async () => {
    const kinds = await collectionsOf(collectAllGenerations);
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });

  it('collectYoungGeneration runs a scavenge', async () => {
    // (A full collection V8 started on its own may finish meanwhile: only the scavenge is asked for.)
    const kinds = await collectionsOf(collectYoungGeneration);
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
  });
});
