/**
 * A/B of two settings of Pictor, side by side in one run: each variant is the same `run.mjs --engine-child`
 * process started with its own environment (for a setting read from the environment, or a temporary patch that
 * reads one while you measure it), driven in alternation.
 *
 *   node benchmarks/render/ab.mjs --env-b PICTOR_X=1 [--env-a K=V] [--engine pictor-1w] [--format webp]
 *        [--rounds 60] [--blocks 6] [--block-size 24] [--steady 60]
 *
 * Prints median/p95 latency per variant (one render at a time) and renders/s of one worker (1 in flight) and
 * the default pool (2 per worker) per variant.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    'env-a': { type: 'string', multiple: true, default: [] },
    'env-b': { type: 'string', multiple: true, default: [] },
    format: { type: 'string', default: 'webp' },
    rounds: { type: 'string', default: '60' },
    blocks: { type: 'string', default: '6' },
    'block-size': { type: 'string', default: '24' },
    steady: { type: 'string', default: '60' },
  },
});
const run = fileURLToPath(new URL('./run.mjs', import.meta.url));
const envOf = (pairs) =>
  Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));

function child(engine, env) {
  const proc = fork(run, ['--engine-child', engine], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  let pending;
  const next = () => new Promise((resolve) => (pending = resolve));
  const ready = next();
  proc.on('message', (m) => pending?.(m));
  const ask = (m) => {
    const a = next();
    proc.send(m);
    return a;
  };
  return {
    ready,
    ask,
    async close() {
      proc.send({ type: 'close' });
      await once(proc, 'exit');
    },
  };
}
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const variants = [
  ['A', envOf(args['env-a'])],
  ['B', envOf(args['env-b'])],
];
const format = args.format;

// Latency: one worker per variant, alternating single renders.
const lat = {};
{
  const kids = variants.map(([name, env]) => [name, child('pictor-1w', env)]);
  for (const [, k] of kids) await k.ready;
  for (const [, k] of kids)
    await k.ask({ type: 'block', format, total: 0, concurrency: 2, warm: Number(args.steady) });
  for (const [name] of kids) lat[name] = { ms: [], enc: [], ras: [], lay: [] };
  for (let i = 0; i < Number(args.rounds); i++) {
    for (const [name, k] of i % 2 ? [...kids].reverse() : kids) {
      const r = await k.ask({ type: 'render', format });
      lat[name].ms.push(r.ms);
      lat[name].enc.push(r.timings.encode);
      lat[name].ras.push(r.timings.raster);
      lat[name].lay.push(r.timings.layout);
    }
  }
  // Throughput of one worker in the same processes.
  const tput = Object.fromEntries(kids.map(([n]) => [n, { one: [], oneCpu: [] }]));
  for (let b = 0; b < Number(args.blocks); b++) {
    for (const [name, k] of b % 2 ? [...kids].reverse() : kids) {
      const r = await k.ask({
        type: 'block',
        format,
        total: Number(args['block-size']),
        concurrency: 2,
        warm: 4,
      });
      tput[name].one.push((Number(args['block-size']) / r.ms) * 1000);
      tput[name].oneCpu.push(r.cpuMs / r.ms);
    }
  }
  for (const [, k] of kids) await k.close();
  const pools = variants.map(([name, env]) => [name, child('pictor-pool', env)]);
  for (const [, k] of pools) await k.ready;
  for (const [, k] of pools)
    await k.ask({ type: 'block', format, total: 0, concurrency: 4, warm: 2 * Number(args.steady) });
  for (const [name] of pools) Object.assign(tput[name], { pool: [], poolCpu: [] });
  for (let b = 0; b < Number(args.blocks); b++) {
    for (const [name, k] of b % 2 ? [...pools].reverse() : pools) {
      const r = await k.ask({
        type: 'block',
        format,
        total: Number(args['block-size']),
        concurrency: 4,
        warm: 8,
      });
      tput[name].pool.push((Number(args['block-size']) / r.ms) * 1000);
      tput[name].poolCpu.push(r.cpuMs / r.ms);
    }
  }
  for (const [, k] of pools) await k.close();
  for (const [name, env] of variants) {
    const l = lat[name];
    const t = tput[name];
    const med = (xs) => q(xs, 0.5);
    console.log(
      `${name} ${JSON.stringify(env)} ${format}: median ${med(l.ms).toFixed(1)} ms p95 ${q(l.ms, 0.95).toFixed(1)} (layout ${med(l.lay).toFixed(1)} raster ${med(l.ras).toFixed(1)} encode ${med(l.enc).toFixed(1)}) | one worker ${med(t.one).toFixed(1)}/s on ${med(t.oneCpu).toFixed(2)} cores | pool ${med(t.pool).toFixed(1)}/s on ${med(t.poolCpu).toFixed(2)} cores | ratio ${(med(t.pool) / med(t.one)).toFixed(2)}`,
    );
  }
}
