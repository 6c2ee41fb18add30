/**
 * A/B of two settings of Pictor, side by side in one run: each variant is the same `run.mjs --engine-child`
 * process started with its own environment (for a setting read from the environment, or a temporary patch that
 * reads one while you measure it), driven in alternation.
 *
 *   node benchmarks/render/ab.mjs --env-b PICTOR_X=1 [--env-a K=V] [--format webp]
 *   node benchmarks/render/ab.mjs --env-a PICTOR_BENCH_ISOLATION=thread --env-b PICTOR_BENCH_ISOLATION=process
 *   node benchmarks/render/ab.mjs --env-a PICTOR_BENCH_START_WORKERS=eager --env-b PICTOR_BENCH_START_WORKERS=lazy
 *   node benchmarks/render/ab.mjs --node-arg-b=--max-semi-space-size=64   # a flag of node (before the script)
 *   node benchmarks/render/ab.mjs --bare --node-arg-b=--single-threaded-gc  # without NODE_FLAGS of lib/node-flags.mjs
 *        [--rounds 60] [--blocks 6] [--block-size 24] [--steady 60]
 *
 * Prints per variant: median/p95 latency (one render at a time) with the stage medians, and renders/s of one
 * worker (2 in flight) and of the default pool (2 per worker), each after `--steady` warm-up renders per worker.
 */
import { parseArgs } from 'node:util';
import { NODE_FLAGS } from '../lib/node-flags.mjs';
import { engineProcess } from './engine-process.mjs';

const { values: args } = parseArgs({
  options: {
    'env-a': { type: 'string', multiple: true, default: [] },
    'env-b': { type: 'string', multiple: true, default: [] },
    'node-arg-a': { type: 'string', multiple: true, default: [] },
    'node-arg-b': { type: 'string', multiple: true, default: [] },
    bare: { type: 'boolean', default: false },
    format: { type: 'string', default: 'webp' },
    rounds: { type: 'string', default: '60' },
    blocks: { type: 'string', default: '6' },
    'block-size': { type: 'string', default: '24' },
    steady: { type: 'string', default: '60' },
  },
});
const format = args.format;
const BLOCK_SIZE = Number(args['block-size']);
const STEADY = Number(args.steady);
const envOf = (pairs) =>
  Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
const variants = [
  ['A', envOf(args['env-a']), args['node-arg-a']],
  ['B', envOf(args['env-b']), args['node-arg-b']],
];
const quantile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const median = (xs) => quantile(xs, 0.5);
/** Alternating order each round, so neither variant always goes first. */
const inTurn = (list, round) => (round % 2 ? [...list].reverse() : list);

/** One process per variant for `engine`, warmed to steady state with `perWorker` in flight per worker. */
async function startAll(engine, perWorker) {
  const started = variants.map(([name, env, nodeArgs]) => ({
    name,
    env,
    subject: engineProcess(engine, env, [...(args.bare ? [] : NODE_FLAGS), ...nodeArgs]),
  }));
  for (const side of started) side.workers = (await side.subject.ready).workers;
  for (const side of started) {
    await side.subject.block(format, 0, perWorker * side.workers, STEADY * side.workers);
  }
  return started;
}

/** Renders/s and cores of each side over `--blocks` alternating blocks, `perWorker` in flight per worker. */
async function throughput(sides, perWorker) {
  const result = Object.fromEntries(sides.map((side) => [side.name, { rate: [], cores: [] }]));
  for (let block = 0; block < Number(args.blocks); block++) {
    for (const side of inTurn(sides, block)) {
      const concurrency = perWorker * side.workers;
      const { ms, cpuMs } = await side.subject.block(format, BLOCK_SIZE, concurrency, 4 * side.workers);
      result[side.name].rate.push((BLOCK_SIZE / ms) * 1000);
      result[side.name].cores.push(cpuMs / ms);
    }
  }
  return result;
}

const single = await startAll('pictor-1w', 2);
const latency = Object.fromEntries(
  variants.map(([name]) => [name, { ms: [], layout: [], raster: [], encode: [] }]),
);
for (let round = 0; round < Number(args.rounds); round++) {
  for (const side of inTurn(single, round)) {
    const { ms, timings } = await side.subject.render(format);
    const l = latency[side.name];
    l.ms.push(ms);
    l.layout.push(timings.layout);
    l.raster.push(timings.raster);
    l.encode.push(timings.encode);
  }
}
const one = await throughput(single, 2);
for (const side of single) await side.subject.close();
const pools = await startAll('pictor-pool', 2);
const pool = await throughput(pools, 2);
for (const side of pools) await side.subject.close();

for (const [name, env, nodeArgs] of variants) {
  const l = latency[name];
  const f = (x) => x.toFixed(1);
  console.log(
    `${name} ${JSON.stringify(env)} ${nodeArgs.join(' ')} ${format}: median ${f(median(l.ms))} ms p95 ${f(quantile(l.ms, 0.95))} ` +
      `(layout ${f(median(l.layout))} raster ${f(median(l.raster))} encode ${f(median(l.encode))}) | ` +
      `one worker ${f(median(one[name].rate))}/s on ${median(one[name].cores).toFixed(2)} cores | ` +
      `pool ${f(median(pool[name].rate))}/s on ${median(pool[name].cores).toFixed(2)} cores | ` +
      `ratio ${(median(pool[name].rate) / median(one[name].rate)).toFixed(2)}`,
  );
}
