/**
 * Early marking before large renders (tuning/early-marking.ts): while `withEarlyMarking` runs its work, V8 starts a
 * full collection once the old generation is the given percent of the way to its limit — seen by the `gc`
 * performance entries while buffers come and go outside its heap, which V8's own rule leaves alone — and afterwards V8's
 * own rule holds again. Which renders are marked early: `marksEarly`.
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { marksEarly, withEarlyMarking } from '../src/tuning/early-marking.js';
import { collectAllGenerations } from '../src/tuning/native-collection.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Live strings (12 MB) held through the test: an old generation over the size below which V8 never marks. */
const ballast = Array.from(
  { length: 48 },
  (_, i) => Buffer.alloc(256 * 1024, 65 + (i % 26)).toString('latin1') + i,
);

/**
 * Full collections seen while `percent` is in force and 40 MiB of pixel-like buffers (1 MiB each, outside V8's heap,
 * as a render's rasters are; two alive at a time) come and go, a few turns of the event loop after each (V8's
 * marking runs there). V8's own rule collects for such memory only past 64 MB.
 */
async function fullCollectionsWhile(percent: number): Promise<number> {
  collectAllGenerations();
  for (let i = 0; i < 5; i++) await turn();
  let full = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
  });
  observer.observe({ entryTypes: ['gc'] });
  const alive: Buffer[] = [];
  await withEarlyMarking(percent, async () => {
    for (let i = 0; i < 40 && full === 0; i++) {
      alive.push(Buffer.alloc(1024 * 1024, i));
      if (alive.length > 2) alive.shift();
      for (let j = 0; j < 5; j++) await turn();
    }
  });
  for (let i = 0; i < 20; i++) await turn();
  observer.disconnect();
  expect(ballast.length + alive.length).toBeGreaterThan(48);
  return full;
}

describe('withEarlyMarking', () => {
  it("starts V8's full collection early while its work runs, and V8's own rule holds before and after", async () => {
    expect(await fullCollectionsWhile(0)).toBe(0);
    expect(await fullCollectionsWhile(5)).toBeGreaterThan(0);
    expect(await fullCollectionsWhile(0)).toBe(0);
  });
});

describe('marksEarly', () => {
  it('marks renders of at least the given megapixels whose size is known, none with 0', () => {
    expect(marksEarly({ width: 1200, height: 3030, scale: 1 }, 2)).toBe(true);
    expect(marksEarly({ width: 2400, height: 1260, scale: 1 }, 2)).toBe(true);
    expect(marksEarly({ width: 1200, height: 630, scale: 2 }, 2)).toBe(true);
    expect(marksEarly({ width: 1200, height: 630, scale: 1 }, 2)).toBe(false);
    expect(marksEarly({ width: 1200, height: undefined, scale: 1 }, 2)).toBe(false);
    expect(marksEarly({ width: 2400, height: 1260, scale: 1 }, 0)).toBe(false);
  });
});
