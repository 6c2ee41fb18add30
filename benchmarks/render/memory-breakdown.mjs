/**
 * Where the pool's memory goes (issue 42): a pool of `--workers` worker processes (createRenderer defaults otherwise)
 * renders every kind of memory-mix.mjs `--rounds` times (fresh content, 4 in flight); then, for the calling process
 * and each worker: resident memory now (VmRSS) and at its peak (VmHWM), and the resident memory by kind of mapping
 * (../lib/smaps.mjs). A second run renders the same documents in one process (`workers: 0`) and adds what V8 says of
 * its heap there (heap, external memory, array buffers): the part of the anonymous memory that is V8's.
 *
 *   node benchmarks/render/memory-breakdown.mjs [--rounds 6] [--workers 2] [--kinds lines-2,pics-1] [--format webp] [--env NAME=value …] [--options JSON]
 *
 * `--env` sets a variable for the workers (they inherit this process's environment; e.g. MALLOC_ARENA_MAX=2);
 * `--options` is merged into createRenderer's options (e.g. '{"workerMaxRssMb":0}'); `--core DIR` measures another
 * build (its packages/core, e.g. /work/main/packages/core). `--json` prints the processes' figures (and the CPU
 * the pool used) as one JSON line instead of the tables, without the one-process run: memory-ab.mjs reads it.
 * `--peak-probe` loads peak-probe.cjs into the workers and adds, per worker, what its memory was at its highest RSS
 * (sampled every 20 ms): V8's heap, the array buffers, the resident memory by kind of mapping.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { childPids, treeCpuMs } from '../lib/process-tree.mjs';
import { fmt, load1, machineLine, markdownTable } from '../lib/report.mjs';
import { KINDS, smapsBreakdown, smapsTextBreakdown } from '../lib/smaps.mjs';
import { mixDocuments } from './memory-mix.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    workers: { type: 'string', default: '2' },
    env: { type: 'string', multiple: true, default: [] },
    options: { type: 'string', default: '{}' },
    kinds: { type: 'string' },
    core: { type: 'string' },
    'in-process': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'peak-probe': { type: 'boolean', default: false },
    format: { type: 'string', default: 'webp' },
  },
});
/** `--peak-probe`: where the workers' probes (peak-probe.cjs) leave what they saw. */
const probeDir = args['peak-probe'] ? mkdtempSync(join(tmpdir(), 'pictor-peak-')) : undefined;
if (probeDir) {
  const probe = fileURLToPath(new URL('./peak-probe.cjs', import.meta.url));
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${probe}`.trim();
  process.env.PICTOR_PEAK_PROBE_DIR = probeDir;
}
for (const pair of args.env) {
  const at = pair.indexOf('=');
  process.env[pair.slice(0, at)] = pair.slice(at + 1);
}
const ROUNDS = Number(args.rounds);
/** `--core DIR`: another build's packages/core (e.g. /work/main/packages/core) instead of this workspace's. */
const { createRenderer } = await import(
  args.core ? pathToFileURL(join(resolve(args.core), 'dist/index.js')).href : '@pictor/core'
);
const kinds = await mixDocuments();
const names = args.kinds ? args.kinds.split(',') : Object.keys(kinds);
for (const name of names)
  if (!kinds[name]) throw new Error(`--kinds: no kind ${name} (${Object.keys(kinds).join(', ')})`);

/** VmRSS and VmHWM of `pid` (MiB). */
function status(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1]) / 1024;
  return { rss: mib('VmRSS'), peak: mib('VmHWM') };
}

async function renderMix(renderer) {
  let next = 0;
  const total = ROUNDS * names.length;
  const lane = async () => {
    while (next < total) {
      const seq = next++;
      await renderer.render({ ...kinds[names[seq % names.length]](seq + 1), format: args.format });
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}

if (args['in-process']) {
  const renderer = createRenderer({ ...JSON.parse(args.options), workers: 0 });
  await renderMix(renderer);
  const usage = process.memoryUsage();
  const heap = getHeapStatistics();
  process.stdout.write(
    JSON.stringify({
      ...status(process.pid),
      kinds: smapsBreakdown(),
      v8: {
        heapTotal: usage.heapTotal / 2 ** 20,
        heapUsed: usage.heapUsed / 2 ** 20,
        external: usage.external / 2 ** 20,
        arrayBuffers: usage.arrayBuffers / 2 ** 20,
        mallocedMemory: heap.malloced_memory / 2 ** 20,
        peakMallocedMemory: heap.peak_malloced_memory / 2 ** 20,
      },
    }),
  );
  await renderer.close();
  process.exit(0);
}

const renderer = createRenderer({
  workers: Number(args.workers),
  startWorkers: 'eager',
  ...JSON.parse(args.options),
});
if (args.json) {
  // One render per worker first, so the CPU counted is the mix's, not the workers' start.
  await Promise.all(
    [0, 1].map((i) => renderer.render({ ...kinds[names[0]](10 ** 6 + i), format: args.format })),
  );
}
const cpuBefore = treeCpuMs();
await renderMix(renderer);
const cpuMs = treeCpuMs() - cpuBefore;
const processes = [
  { name: 'caller', pid: process.pid },
  ...childPids().map((pid, i) => ({ name: `worker ${i + 1}`, pid })),
].map((p) => ({ ...p, ...status(p.pid), kinds: smapsBreakdown(p.pid) ?? {} }));
const stats = renderer.stats();
/** Per worker, what its probe saw at its highest RSS (the probes write every half second). */
let atPeaks;
if (probeDir) {
  await new Promise((resolve) => setTimeout(resolve, 1200));
  atPeaks = processes.slice(1).map((p) => {
    try {
      const seen = JSON.parse(readFileSync(join(probeDir, `peak-${p.pid}.json`), 'utf8'));
      return { ...seen, kinds: smapsTextBreakdown(seen.smaps), smaps: undefined };
    } catch {
      return undefined;
    }
  });
  rmSync(probeDir, { recursive: true, force: true });
}
await renderer.close();
if (args.json) {
  process.stdout.write(
    `${JSON.stringify({ processes, cpuMs, renders: ROUNDS * names.length, load: load1(), recycled: stats.workersRecycled })}\n`,
  );
  process.exit(0);
}

const alone = JSON.parse(
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2), '--in-process'], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  }),
);

const column = (list, pick) => list.map((p) => fmt(pick(p), 0));
const sum = (list, pick) => list.reduce((total, p) => total + pick(p), 0);
const rows = [
  [
    'RSS now',
    ...column(processes, (p) => p.rss),
    fmt(
      sum(processes, (p) => p.rss),
      0,
    ),
    fmt(alone.rss, 0),
  ],
  [
    'peak (VmHWM)',
    ...column(processes, (p) => p.peak),
    fmt(
      sum(processes, (p) => p.peak),
      0,
    ),
    fmt(alone.peak, 0),
  ],
  ...KINDS.map((kind) => [
    `… ${kind}`,
    ...column(processes, (p) => p.kinds[kind] ?? 0),
    fmt(
      sum(processes, (p) => p.kinds[kind] ?? 0),
      0,
    ),
    fmt(alone.kinds[kind] ?? 0, 0),
  ]),
];
console.log(
  `memory-breakdown.mjs · ${new Date().toISOString()} · ${machineLine()} · load ${fmt(load1(), 1)}`,
);
console.log(
  `\`node benchmarks/render/memory-breakdown.mjs ${process.argv.slice(2).join(' ')}\`: ${ROUNDS} rounds of ${names.join(', ')} (${ROUNDS * names.length} renders, webp, 4 in flight); workers replaced ${stats.workersReplaced}\n`,
);
console.log(
  markdownTable(['MiB', ...processes.map((p) => p.name), 'all processes', 'one process, workers: 0'], rows),
);
if (atPeaks) {
  const workers = processes.slice(1);
  const cell = (i, pick) => (atPeaks[i] ? fmt(pick(atPeaks[i]), 1) : '–');
  const peakRows = [
    ['RSS at its highest (sampled)', ...workers.map((_, i) => cell(i, (a) => a.rss))],
    [
      "… V8's heap, resident (used)",
      ...workers.map((_, i) => `${cell(i, (a) => a.v8Physical)} (${cell(i, (a) => a.v8Used)})`),
    ],
    ['… array buffers (V8 external)', ...workers.map((_, i) => cell(i, (a) => a.arrayBuffers))],
    [
      "… V8's malloc (its most since start)",
      ...workers.map((_, i) => `${cell(i, (a) => a.malloced ?? 0)} (${cell(i, (a) => a.peakMalloced ?? 0)})`),
    ],
    ...KINDS.map((kind) => [`… ${kind}`, ...workers.map((_, i) => cell(i, (a) => a.kinds[kind] ?? 0))]),
  ];
  console.log(
    `\nEach worker at its highest RSS as its probe saw it (peak-probe.cjs, every 20 ms while its event loop was free; VmHWM may be higher):\n`,
  );
  console.log(markdownTable(['MiB', ...workers.map((p) => p.name)], peakRows));
}
const v8 = alone.v8;
console.log(
  `\nOne process (workers: 0), V8's own account: heap ${fmt(v8.heapTotal, 0)} MiB (${fmt(v8.heapUsed, 0)} used), external ${fmt(v8.external, 0)} (of which array buffers ${fmt(v8.arrayBuffers, 0)}), V8's malloc ${fmt(v8.mallocedMemory, 0)} (peak ${fmt(v8.peakMallocedMemory, 0)}).`,
);
