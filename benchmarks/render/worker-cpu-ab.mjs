/**
 * CPU per render of two worker settings, paired (issue 42): two pools of one worker process each (createRenderer
 * options `--options-a` / `--options-b` merged over the defaults), the same documents rendered by both one by one,
 * the order swapped every render, and each worker's CPU time (user + system, /proc/<pid>/stat) over the mix. Other
 * load hits both sides alike, so a setting that changes a worker's process (V8 flags, allocator environment) is
 * measured far tighter than by memory-ab.mjs's CPU column.
 *
 *   node benchmarks/render/worker-cpu-ab.mjs --options-a '{"heapGrowingPercent":100}' --options-b '{"heapGrowingPercent":70}'
 *        [--rounds 20] [--kinds lines-2,lines-8,lines-96,pics-1,pics-32,size-600,size-2400] [--core-a DIR] [--core-b DIR]
 *
 * `--core-a` / `--core-b`: that side's build (its packages/core, e.g. /work/main/packages/core) instead of this
 * workspace's.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { childPids } from '../lib/process-tree.mjs';
import { fmt, load1, machineLine } from '../lib/report.mjs';
import { mixDocuments } from './memory-mix.mjs';

const { values: args } = parseArgs({
  options: {
    'options-a': { type: 'string', default: '{}' },
    'options-b': { type: 'string', default: '{}' },
    rounds: { type: 'string', default: '20' },
    kinds: { type: 'string', default: 'lines-2,lines-8,lines-96,pics-1,pics-32,size-600,size-2400' },
    'core-a': { type: 'string' },
    'core-b': { type: 'string' },
  },
});
const kinds = await mixDocuments();
const names = args.kinds.split(',');
for (const name of names) if (!kinds[name]) throw new Error(`--kinds: no kind ${name}`);

/** CPU ms (user + system) of process `pid` so far. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A one-worker pool with `options`, started and warmed up; its worker's pid. */
async function side(options, core) {
  const { createRenderer } = await import(
    core ? pathToFileURL(join(resolve(core), 'dist/index.js')).href : '@pictor/core'
  );
  const before = new Set(childPids());
  const renderer = createRenderer({ workers: 1, startWorkers: 'eager', ...JSON.parse(options) });
  await renderer.render({ ...kinds[names[0]](10 ** 6), format: 'webp' });
  const pid = childPids().find((p) => !before.has(p));
  return { renderer, pid };
}

const started = load1();
const a = await side(args['options-a'], args['core-a']);
const b = await side(args['options-b'], args['core-b']);
let seq = 1;
const both = async (name, swap) => {
  const input = () => ({ ...kinds[name](seq), format: 'webp' });
  for (const s of swap ? [b, a] : [a, b]) await s.renderer.render(input());
  seq++;
};
for (const name of names) await both(name, false); // one of each kind before counting
const from = [cpuMs(a.pid), cpuMs(b.pid)];
const renders = Number(args.rounds) * names.length;
for (let i = 0; i < renders; i++) await both(names[i % names.length], i % 2 === 1);
const [msA, msB] = [cpuMs(a.pid) - from[0], cpuMs(b.pid) - from[1]];
await Promise.all([a.renderer.close(), b.renderer.close()]);
console.log(
  `worker-cpu-ab.mjs · ${new Date().toISOString()} · ${machineLine()} · load ${fmt(started, 1)} → ${fmt(load1(), 1)}`,
);
console.log(
  `${renders} renders per side of ${names.join(', ')} (webp), one worker each, interleaved: worker CPU per render A ${fmt(msA / renders, 1)} ms (${args['options-a']}${args['core-a'] ? ` ${args['core-a']}` : ''}), B ${fmt(msB / renders, 1)} ms (${args['options-b']}${args['core-b'] ? ` ${args['core-b']}` : ''}), **B / A ${fmt(msB / msA, 3)}**`,
);
