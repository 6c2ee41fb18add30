/**
 * Memory A/B (issue 42): two settings of the pool side by side in one run. Each pair runs memory-breakdown.mjs
 * `--json` once per side (a fresh pool in a fresh process each time), the sides alternating and the order swapping
 * every pair; then per side the median over the pairs of each process's peak (VmHWM) and resident memory after the
 * mix, their sums, the resident memory of the workers by kind of mapping (../lib/smaps.mjs), the CPU of the whole
 * pool per render (caller + workers, /proc), and B / A.
 *
 *   node benchmarks/render/memory-ab.mjs --env-b MIMALLOC_PURGE_DELAY=0 [--env-a K=V] [--options-a JSON]
 *        [--options-b '{"workerMallocArenas":0}'] [--core-a DIR] [--core-b DIR] [--pairs 3] [--rounds 10]
 *        [--kinds lines-2,size-2400] [--workers 2] [--format webp]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, load1, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { KINDS } from '../lib/smaps.mjs';

const { values: args } = parseArgs({
  options: {
    'env-a': { type: 'string', multiple: true, default: [] },
    'env-b': { type: 'string', multiple: true, default: [] },
    'options-a': { type: 'string', default: '{}' },
    'options-b': { type: 'string', default: '{}' },
    'core-a': { type: 'string' },
    'core-b': { type: 'string' },
    pairs: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    kinds: { type: 'string' },
    format: { type: 'string', default: 'webp' },
  },
});
const BREAKDOWN = fileURLToPath(new URL('./memory-breakdown.mjs', import.meta.url));

/** One run of memory-breakdown.mjs for side `side` ('a' or 'b'): its JSON line. */
function run(side) {
  const argv = [BREAKDOWN, '--json', '--rounds', args.rounds, '--workers', args.workers];
  if (args.kinds) argv.push('--kinds', args.kinds);
  argv.push('--format', args.format);
  for (const pair of args[`env-${side}`]) argv.push('--env', pair);
  argv.push('--options', args[`options-${side}`]);
  if (args[`core-${side}`]) argv.push('--core', args[`core-${side}`]);
  const out = execFileSync(process.execPath, argv, { encoding: 'utf8', maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split('\n').pop());
}

const started = load1();
const results = { a: [], b: [] };
for (let pair = 0; pair < Number(args.pairs); pair++) {
  for (const side of pair % 2 === 0 ? ['a', 'b'] : ['b', 'a']) {
    const result = run(side);
    results[side].push(result);
    const peaks = result.processes.map((p) => fmt(p.peak, 0)).join(' / ');
    console.error(`pair ${pair + 1} ${side}: peaks ${peaks} MiB, load ${fmt(result.load, 1)}`);
  }
}

const median = (values) => quantile(values, 0.5);
const sum = (values) => values.reduce((t, v) => t + v, 0);
/** Per side: the median over its runs of `pick(run)`. */
const both = (pick) => ['a', 'b'].map((side) => median(results[side].map(pick)));
const names = results.a[0].processes.map((p) => p.name);
const rows = [];
const row = (label, pick, digits = 0) => {
  const [a, b] = both(pick);
  rows.push([label, fmt(a, digits), fmt(b, digits), fmt(b / a, 2)]);
};
for (const [i, name] of names.entries()) row(`${name} peak`, (r) => r.processes[i]?.peak ?? 0);
row('**all processes, sum of peaks**', (r) => sum(r.processes.map((p) => p.peak)));
for (const [i, name] of names.entries()) row(`${name} RSS after`, (r) => r.processes[i]?.rss ?? 0);
row('all processes RSS after', (r) => sum(r.processes.map((p) => p.rss)));
for (const kind of KINDS)
  row(`workers: ${kind}`, (r) => sum(r.processes.slice(1).map((p) => p.kinds[kind] ?? 0)));
row('CPU per render, pool (ms)', (r) => r.cpuMs / r.renders, 1);

const side = (s) =>
  [
    ...args[`env-${s}`],
    args[`options-${s}`] !== '{}' ? `options ${args[`options-${s}`]}` : '',
    args[`core-${s}`] ? `core ${args[`core-${s}`]}` : '',
  ]
    .filter(Boolean)
    .join(' ') || 'defaults';
console.log(
  `memory-ab.mjs · ${new Date().toISOString()} · ${machineLine()} · load ${fmt(started, 1)} → ${fmt(load1(), 1)}`,
);
console.log(
  `\`node benchmarks/render/memory-ab.mjs ${process.argv.slice(2).join(' ')}\`: ${args.pairs} pairs, each side a fresh pool of ${args.workers} worker processes rendering ${args.rounds} rounds of ${args.kinds ?? 'every kind'} (${args.format}, 4 in flight); medians over the pairs. A: ${side('a')}; B: ${side('b')}\n`,
);
console.log(markdownTable(['MiB', 'A', 'B', 'B / A'], rows));
