/**
 * How long a forced full collection stops a thread holding a heap of small live objects (what a host's event loop
 * would wait if a library ran `gc()` in it):
 *
 *   node --expose-gc benchmarks/render/gc-pause.mjs [approximate heap in MB, default 150]
 */
import { performance } from 'node:perf_hooks';

const megabytes = Number(process.argv[2] ?? 150);
const kept = [];
for (let index = 0; index < megabytes * 1024 * 8; index++)
  kept.push({ a: index, b: `x${index}`, c: [index, index + 1] });
globalThis.kept = kept; // live until the end
for (let round = 0; round < 5; round++) {
  const start = performance.now();
  globalThis.gc();
  const heap = process.memoryUsage().heapUsed / 1048576;
  console.log(`heap ${heap.toFixed(0)} MB: full collection ${(performance.now() - start).toFixed(1)} ms`);
}
