/**
 * Where one growth case's time goes, function by function (issue 42): a renderer on the calling thread
 * (`workers: 0`) renders the case with fresh content, 10 warm-up renders, then `--renders` under V8's CPU profiler;
 * printed: CPU ms per render by pipeline step (the inclusive time of the function that does it), the wall time per
 * render and Pictor's own stage timings. The time the thread waits for libvips' encoder thread shows as "idle".
 *
 *   node benchmarks/render/profile-case.mjs lines-2 [--renders 30] [--format webp] [--out /tmp/case.cpuprofile]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { createRenderer } from '@pictor/core';
import { fmt, load1 } from '../lib/report.mjs';
import { CASES, makePictures } from './growth-cases.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    renders: { type: 'string', default: '30' },
    format: { type: 'string', default: 'webp' },
    out: { type: 'string' },
  },
});
const name = positionals[0] ?? 'lines-2';
const N = Number(args.renders);
const pictures = await makePictures();
const renderer = createRenderer({ workers: 0 });
let seq = 1;
const next = () => renderer.render({ ...CASES[name](seq++, pictures), format: args.format, quality: 80 });
for (let i = 0; i < 10; i++) await next();

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const cpu = process.cpuUsage();
const started = performance.now();
const stages = {};
for (let i = 0; i < N; i++) {
  const result = await next();
  for (const [key, ms] of Object.entries(result.timings)) stages[key] = (stages[key] ?? 0) + ms / N;
}
const wall = (performance.now() - started) / N;
const used = process.cpuUsage(cpu);
const { profile } = await session.post('Profiler.stop');
if (args.out) writeFileSync(args.out, JSON.stringify(profile));
await renderer.close();

/** Inclusive µs per function name (each counted once per sample, however deep it recurs). */
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const fn = byId.get(at).callFrame.functionName || '(anonymous)';
    if (seen.has(fn)) continue;
    seen.add(fn);
    inclusive.set(fn, (inclusive.get(fn) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
});
const ms = (fn) => (inclusive.get(fn) ?? 0) / 1000 / N;
const steps = [
  ['parse: HTML → tree (parseHtml)', 'parseHtml'],
  ['  style sheets (addSheet)', 'addSheet'],
  ['resources: pictures checked and inlined (inlineImages)', 'inlineImages'],
  [
    'box layout in layout.wasm (computeLayout; satori style and SVG writing run in async frames)',
    'computeLayout',
  ],
  ['text lifted for the text layer (liftTextLayer)', 'liftTextLayer'],
  ['pictures prepared (prescaleImages)', 'prescaleImages'],
  ['resvg: parse and draw (rasterize)', 'rasterize'],
  ['one-colour canvas (paintSolidCanvas)', 'paintSolidCanvas'],
  ['text layer painted (paintTextLayer)', 'paintTextLayer'],
  ['encode, this thread (encodeImage)', 'encodeImage'],
  ['waiting (idle: libvips encoding on its thread)', '(idle)'],
  ['garbage collection', '(garbage collector)'],
];
console.log(
  `profile-case.mjs ${name} · ${args.format} · ${N} renders after 10 warm-up · load ${fmt(load1(), 1)} · CPU ${fmt((used.user + used.system) / 1000 / N)} ms/render (all threads), wall ${fmt(wall)} ms/render`,
);
console.log(
  `stages (RenderResult.timings, mean ms): ${Object.entries(stages)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${fmt(v)}`)
    .join(', ')}`,
);
for (const [label, fn] of steps) console.log(`${label.padEnd(60)} ${fmt(ms(fn)).padStart(7)} ms`);
