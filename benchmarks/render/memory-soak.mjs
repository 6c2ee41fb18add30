/**
 * Memory of the pool over many renders (issue 42): `createRenderer()` (two worker processes on two cores, defaults
 * otherwise) renders `--renders` documents with fresh content, 4 in flight, from memory-mix.mjs in a fixed cycle of
 * 40 — Latin cards (2-line ×14, 8-line ×4, 600×315 ×6, 96-line, 2400×1260), pictures (one 400×400 ×4, 32 distinct
 * ×3), CJK ×4, Arabic ×2, the Bootstrap page — and every `--every` renders reads the resident memory (VmRSS) and
 * peak (VmHWM) of this process and of each worker process from /proc. Not a timed test: it says whether memory
 * grows, and what the pool holds at its peak (a worker recycled for `workerMaxRssMb` starts a new peak).
 *
 *   node benchmarks/render/memory-soak.mjs [--renders 10000] [--every 1000] [--format webp] [--core DIR]
 *
 * `--core DIR`: another build's packages/core (e.g. a copy of main's) instead of this workspace's.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { childPids } from '../lib/process-tree.mjs';
import { fmt, load1, machineLine, markdownTable } from '../lib/report.mjs';
import { mixDocuments } from './memory-mix.mjs';

const { values: args } = parseArgs({
  options: {
    renders: { type: 'string', default: '10000' },
    every: { type: 'string', default: '1000' },
    format: { type: 'string', default: 'webp' },
    core: { type: 'string' },
  },
});
const { createRenderer } = await import(
  args.core ? pathToFileURL(join(resolve(args.core), 'dist/index.js')).href : '@pictor/core'
);
const RENDERS = Number(args.renders);
const EVERY = Number(args.every);
const kinds = await mixDocuments();
/** What a service mostly renders, small cards first, with every kind in it: 40 renders a cycle. */
const CYCLE = [
  ['lines-2', 14],
  ['lines-8', 4],
  ['size-600', 6],
  ['pics-1', 4],
  ['pics-32', 3],
  ['cjk', 4],
  ['arabic', 2],
  ['lines-96', 1],
  ['size-2400', 1],
  ['bootstrap', 1],
].flatMap(([name, times]) => Array(times).fill(name));
// Interleave the cycle so that no kind comes in a run: take every 7th (7 and 40 share no factor).
const ORDER = CYCLE.map((_, i) => CYCLE[(i * 7) % CYCLE.length]);

function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
    return { rss: mib('VmRSS'), peak: mib('VmHWM') };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** `PICTOR_BENCH_OPTIONS`: JSON merged into the renderer's options (e.g. '{"workerMaxRssMb":0}'). */
const options = process.env.PICTOR_BENCH_OPTIONS ? JSON.parse(process.env.PICTOR_BENCH_OPTIONS) : {};
const renderer = createRenderer({ startWorkers: 'eager', ...options });
const samples = [];
let done = 0;
let next = 0;
let failed = 0;
let highest = 0;
const started = performance.now();
const sample = () => {
  const workers = childPids().map(memoryOf);
  const own = memoryOf(process.pid);
  const peakNow = own.peak + workers.reduce((sum, w) => sum + w.peak, 0);
  highest = Math.max(highest, peakNow);
  samples.push({
    renders: done,
    own,
    workers,
    total: own.rss + workers.reduce((sum, w) => sum + w.rss, 0),
    recycled: renderer.stats().workersRecycled,
    load: load1(),
    seconds: (performance.now() - started) / 1000,
  });
  const s = samples.at(-1);
  console.error(`${s.renders} renders, ${fmt(s.seconds, 0)} s, all processes ${fmt(s.total, 0)} MiB`);
};
sample();
async function lane() {
  while (next < RENDERS) {
    const seq = next++;
    await renderer
      .render({ ...kinds[ORDER[seq % ORDER.length]](seq + 1), format: args.format })
      .catch(() => failed++);
    done++;
    if (done % EVERY === 0) sample();
  }
}
await Promise.all([lane(), lane(), lane(), lane()]);
if (done % EVERY !== 0) sample();
await renderer.close();

console.log(`memory-soak.mjs · ${new Date().toISOString()} · ${machineLine()}`);
console.log(
  `${RENDERS} renders (${failed} failed), ${args.format}, 4 in flight on createRenderer() defaults${process.env.PICTOR_BENCH_OPTIONS ? ` + ${process.env.PICTOR_BENCH_OPTIONS}` : ''}, cycle of 40 (${CYCLE.length}): ${[...new Set(CYCLE)].map((n) => `${n} ×${CYCLE.filter((c) => c === n).length}`).join(', ')}\n`,
);
console.log(
  markdownTable(
    [
      'renders',
      'seconds',
      'load',
      'caller RSS / peak MiB',
      'workers RSS / peak MiB',
      'workers RSS together',
      'all processes RSS',
      'workers recycled',
    ],
    samples.map((s) => [
      s.renders,
      fmt(s.seconds, 0),
      fmt(s.load, 1),
      `${fmt(s.own.rss, 0)} / ${fmt(s.own.peak, 0)}`,
      s.workers.map((w) => `${fmt(w.rss, 0)} / ${fmt(w.peak, 0)}`).join(', '),
      fmt(
        s.workers.reduce((sum, w) => sum + w.rss, 0),
        0,
      ),
      fmt(s.total, 0),
      s.recycled,
    ]),
  ),
);
console.log(
  `\nHighest sum of the live processes' peaks (VmHWM) at a sample: ${fmt(highest, 0)} MiB (caller and workers; a recycled worker's peak leaves with it).`,
);
