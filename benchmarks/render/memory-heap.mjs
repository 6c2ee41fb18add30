/**
 * What a worker's V8 heap holds after the memory mix (issue 42): a pool of `--workers` worker processes renders the
 * kinds of memory-mix.mjs `--rounds` times (as memory-breakdown.mjs does), then each worker writes a heap snapshot
 * (Node's `--heapsnapshot-signal`, set through NODE_OPTIONS: the workers' flags, and so their startup snapshot, stay
 * the same) and heap-summary.mjs summarises it: self and retained sizes by kind of object and by constructor.
 *
 *   node benchmarks/render/memory-heap.mjs [--rounds 20] [--workers 2] [--kinds lines-2,pics-1] [--out DIR] [--top 40]
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { childPids } from '../lib/process-tree.mjs';
import { mixDocuments } from './memory-mix.mjs';
import { printSummary, summarise } from './heap-summary.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    workers: { type: 'string', default: '2' },
    kinds: { type: 'string', default: 'lines-2,lines-8,lines-96,pics-1,pics-32,size-600,size-2400' },
    options: { type: 'string', default: '{}' },
    out: { type: 'string', default: '/tmp/pictor-heap' },
    top: { type: 'string', default: '40' },
  },
});
const out = resolve(args.out);
mkdirSync(out, { recursive: true });
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${out}`;
const { createRenderer } = await import('@pictor/core');
const kinds = await mixDocuments();
const names = args.kinds.split(',');
const renderer = createRenderer({
  workers: Number(args.workers),
  startWorkers: 'eager',
  ...JSON.parse(args.options),
});
let next = 0;
const total = Number(args.rounds) * names.length;
const lane = async () => {
  while (next < total) {
    const seq = next++;
    await renderer.render({ ...kinds[names[seq % names.length]](seq + 1), format: 'webp' });
  }
};
await Promise.all([lane(), lane(), lane(), lane()]);

const before = new Set(readdirSync(out));
const pids = childPids();
for (const pid of pids) process.kill(pid, 'SIGUSR2');
/** Snapshot files that have stopped growing (one per worker). */
const written = [];
for (let tries = 0; tries < 600 && written.length < pids.length; tries++) {
  await new Promise((r) => setTimeout(r, 500));
  for (const name of readdirSync(out)) {
    if (before.has(name) || written.includes(name) || !name.endsWith('.heapsnapshot')) continue;
    const size = statSync(join(out, name)).size;
    await new Promise((r) => setTimeout(r, 1000));
    if (statSync(join(out, name)).size === size && size > 0) written.push(name);
  }
}
await renderer.close();
for (const name of written) {
  console.log(`\n## ${name}`);
  printSummary(summarise(join(out, name)), Number(args.top));
}
