/**
 * Where one ordinary page's CPU goes, function by function (issue 41, "no render of an ordinary page over 1 s on one
 * core"): a TUNING case of benchmarks/fidelity/wider (held-out cases refused unread, corpus-split.mjs' rule) or a
 * real-world case, rendered by a renderer on this thread (`workers: 0`), warm-up renders first, then `--renders`
 * under V8's CPU profiler, each with a numbered paragraph no earlier render had (as page-cpu.mjs does).
 *
 * Printed: CPU ms per render (all threads), Pictor's stage timings, then the functions with the most self time and
 * the most inclusive time (each counted once per sample however deep it recurs), with their file and line. For
 * satori's own names, profile a core built over a readable satori:
 *
 *   cd packages/satori && PICTOR_SATORI_MINIFY=0 npx tsup && cd ../core && pnpm build   # then copy dist/ aside
 *   node benchmarks/render/profile-page.mjs bulma-admin [--core DIR] [--renders 5] [--top 40] [--out x.cpuprofile]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isHeldOut } from '../fidelity/corpus-split.mjs';
import { fmt, load1 } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    core: { type: 'string', default: resolve(here, '../../packages/core') },
    renders: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    top: { type: 'string', default: '40' },
    out: { type: 'string' },
  },
});
const name = positionals[0];
if (!name) throw new Error('usage: profile-page.mjs CASE [--core DIR] [--renders 5]');
if (isHeldOut(name))
  throw new Error(`${name} is a held-out case: not rendered (benchmarks/fidelity/wider/README.md)`);
const dir = ['wider', 'real-world']
  .map((corpus) => join(here, '../fidelity', corpus, name))
  .find((d) => existsSync(join(d, 'index.html')));
if (!dir) throw new Error(`${name}: no such case in benchmarks/fidelity/wider or real-world`);
const meta = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
const page = readFileSync(join(dir, 'index.html'), 'utf8');

const core = await import(pathToFileURL(join(args.core, 'dist/index.js')).href);
const renderer = core.createRenderer({
  workers: 0,
  baseDir: dir,
  limits: { timeoutMs: 600_000, wallTimeoutMs: 1_200_000 },
});
let seq = 0;
const next = () =>
  renderer.render({
    html: page.replace(/<body\b[^>]*>/i, (body) => `${body}<p>render ${seq++}</p>`),
    width: meta.width ?? 800,
    height: meta.height ?? 600,
    format: 'png',
  });
for (let i = 0; i < Number(args.warmup); i++) await next();

const N = Number(args.renders);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const cpu = process.cpuUsage();
const stages = {};
for (let i = 0; i < N; i++) {
  const result = await next();
  for (const [key, ms] of Object.entries(result.timings)) stages[key] = (stages[key] ?? 0) + ms / N;
}
const used = process.cpuUsage(cpu);
const { profile } = await session.post('Profiler.stop');
if (args.out) writeFileSync(args.out, JSON.stringify(profile));
await renderer.close();

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url ? `${basename(url)}:${lineNumber + 1}` : ''}`.trim();
};
const self = new Map();
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const leaf = label(byId.get(id));
  self.set(leaf, (self.get(leaf) ?? 0) + dt);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const fn = label(byId.get(at));
    if (seen.has(fn)) continue;
    seen.add(fn);
    inclusive.set(fn, (inclusive.get(fn) ?? 0) + dt);
  }
});
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(args.top))
    .map(([fn, us]) => `${fmt(us / 1000 / N).padStart(8)} ms  ${fn}`)
    .join('\n');
console.log(
  `profile-page.mjs ${name} · ${N} renders after ${args.warmup} warm-up · load ${fmt(load1(), 1)} · CPU ${fmt((used.user + used.system) / 1000 / N)} ms/render (all threads)`,
);
console.log(
  `stages (RenderResult.timings, wall ms): ${Object.entries(stages)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${fmt(v)}`)
    .join(', ')}`,
);
console.log(`\nself time per render:\n${top(self)}\n\ninclusive time per render:\n${top(inclusive)}`);
