/**
 * Memory of the pool over many renders (issue 42): `createRenderer()` (two worker processes on two cores) renders
 * `--renders` documents with fresh content, 4 in flight — the growth cases in turn (text cards of 2, 8 and 96 lines,
 * 1 and 32 pictures, 600×315 and 2400×1260) and the Bootstrap page — and every `--every` renders the resident memory
 * (VmRSS) and peak (VmHWM) of this process and of each worker process are read from /proc. Not a timed test: it says
 * whether memory grows, and what the pool holds at its peak.
 *
 *   node benchmarks/render/memory-soak.mjs [--renders 10000] [--every 500] [--format webp]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRenderer } from '@pictor/core';
import { childPids } from '../lib/process-tree.mjs';
import { fmt, load1, machineLine, markdownTable } from '../lib/report.mjs';
import { frameworkPage, PAGE_SIZE } from './framework-page.mjs';
import { CASES, makePictures } from './growth-cases.mjs';

const { values: args } = parseArgs({
  options: {
    renders: { type: 'string', default: '10000' },
    every: { type: 'string', default: '500' },
    format: { type: 'string', default: 'webp' },
  },
});
const RENDERS = Number(args.renders);
const EVERY = Number(args.every);
const pictures = await makePictures();
const documents = [
  ...Object.values(CASES).map((make) => (seq) => make(seq, pictures)),
  (seq) => ({ html: frameworkPage(seq), ...PAGE_SIZE }),
];

function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
    return { rss: mib('VmRSS'), peak: mib('VmHWM') };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** `PICTOR_BENCH_OPTIONS`: JSON merged into the renderer's options (e.g. '{"tunings":{"largePages":false}}'). */
const options = process.env.PICTOR_BENCH_OPTIONS ? JSON.parse(process.env.PICTOR_BENCH_OPTIONS) : {};
const renderer = createRenderer({ startWorkers: 'eager', ...options });
const samples = [];
let done = 0;
let next = 0;
const started = performance.now();
const sample = () => {
  const workers = childPids().map(memoryOf);
  const own = memoryOf(process.pid);
  samples.push({
    renders: done,
    own,
    workers,
    total: own.rss + workers.reduce((sum, w) => sum + w.rss, 0),
    load: load1(),
    seconds: (performance.now() - started) / 1000,
  });
};
sample();
async function lane() {
  while (next < RENDERS) {
    const seq = next++;
    const doc = documents[seq % documents.length](seq + 1);
    await renderer.render({ ...doc, format: args.format });
    done++;
    if (done % EVERY === 0) sample();
  }
}
await Promise.all([lane(), lane(), lane(), lane()]);
if (done % EVERY !== 0) sample();
await renderer.close();

console.log(`memory-soak.mjs · ${new Date().toISOString()} · ${machineLine()}`);
console.log(
  `${RENDERS} renders, ${args.format}, 4 in flight on createRenderer() defaults, documents in turn: ${Object.keys(CASES).join(', ')}, the Bootstrap page\n`,
);
console.log(
  markdownTable(
    [
      'renders',
      'seconds',
      'load',
      'this process RSS / peak MiB',
      'workers RSS / peak MiB',
      'workers RSS together',
      'all processes RSS',
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
    ]),
  ),
);
const last = samples.at(-1);
console.log(
  `\nPeak of the pool's processes (VmHWM): workers ${last.workers.map((w) => fmt(w.peak, 0)).join(' + ')} = ${fmt(
    last.workers.reduce((sum, w) => sum + w.peak, 0),
    0,
  )} MiB; this process ${fmt(last.own.peak, 0)} MiB.`,
);
