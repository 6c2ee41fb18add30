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
 * Also per kind: the worker CPU of each kind's renders (read around each render; a collection lands in the render
 * it ran in).
 *
 * `--core-a` / `--core-b`: that side's build (its packages/core, e.g. /work/main/packages/core) instead of this
 * workspace's. `--env-a` / `--env-b NAME=value` (repeatable): set in this process's environment while that side's
 * worker process starts (it inherits it), then taken back, e.g. an allocator variable or NODE_OPTIONS for one side.
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
    'env-a': { type: 'string', multiple: true, default: [] },
    'env-b': { type: 'string', multiple: true, default: [] },
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
async function side(options, core, env) {
  const { createRenderer } = await import(
    core ? pathToFileURL(join(resolve(core), 'dist/index.js')).href : '@pictor/core'
  );
  const before = new Set(childPids());
  // The worker process is forked as the pool starts (eager): it takes this environment, which is then restored.
  const saved = { ...process.env };
  for (const pair of env) {
    const at = pair.indexOf('=');
    process.env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const renderer = createRenderer({ workers: 1, startWorkers: 'eager', ...JSON.parse(options) });
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  await renderer.render({ ...kinds[names[0]](10 ** 6), format: 'webp' });
  const pid = childPids().find((p) => !before.has(p));
  return { renderer, pid };
}

const started = load1();
const a = await side(args['options-a'], args['core-a'], args['env-a']);
const b = await side(args['options-b'], args['core-b'], args['env-b']);
let seq = 1;
/** Per kind and side, the worker CPU of the counted renders (ms): where a setting's cost lands. */
const perKind = Object.fromEntries(names.map((name) => [name, { a: 0, b: 0, renders: 0 }]));
let counting = false;
const both = async (name, swap) => {
  const input = () => ({ ...kinds[name](seq), format: 'webp' });
  for (const s of swap ? [b, a] : [a, b]) {
    const before = cpuMs(s.pid);
    await s.renderer.render(input());
    if (counting) perKind[name][s === a ? 'a' : 'b'] += cpuMs(s.pid) - before;
  }
  if (counting) perKind[name].renders++;
  seq++;
};
for (const name of names) await both(name, false); // one of each kind before counting
const from = [cpuMs(a.pid), cpuMs(b.pid)];
counting = true;
const renders = Number(args.rounds) * names.length;
for (let i = 0; i < renders; i++) await both(names[i % names.length], i % 2 === 1);
const [msA, msB] = [cpuMs(a.pid) - from[0], cpuMs(b.pid) - from[1]];
await Promise.all([a.renderer.close(), b.renderer.close()]);
console.log(
  `worker-cpu-ab.mjs · ${new Date().toISOString()} · ${machineLine()} · load ${fmt(started, 1)} → ${fmt(load1(), 1)}`,
);
console.log(
  `${renders} renders per side of ${names.join(', ')} (webp), one worker each, interleaved: worker CPU per render A ${fmt(msA / renders, 1)} ms (${args['options-a']}${args['core-a'] ? ` ${args['core-a']}` : ''}${args['env-a'].map((e) => ` ${e}`).join('')}), B ${fmt(msB / renders, 1)} ms (${args['options-b']}${args['core-b'] ? ` ${args['core-b']}` : ''}${args['env-b'].map((e) => ` ${e}`).join('')}), **B / A ${fmt(msB / msA, 3)}**`,
);
console.log(
  `per kind, worker CPU per render A / B (ms): ${names
    .map((name) => {
      const k = perKind[name];
      return `${name} ${fmt(k.a / k.renders, 1)} / ${fmt(k.b / k.renders, 1)} (${fmt(k.b / k.a, 2)})`;
    })
    .join('; ')}`,
);
