/**
 * How render time grows with the work (issue 42): three axes — lines of text (2, 8, 96), pictures (1, and 32
 * distinct 64×64), canvas size (600×315, 1200×630, 2400×1260) — with fresh content every render (new words each
 * time), Pictor (`createRenderer()` defaults: a worker process per core) interleaved round-robin with Takumi and the
 * careful satori + resvg + sharp pipeline, one render at a time, webp q80 (`--format`). Pictor's own stage timings
 * (`RenderResult.timings`) and its worker hop (round trip − the worker's total) for each case; the pool's peak
 * memory (this process and each worker process, VmHWM) at the end.
 *
 *   node benchmarks/render/growth.mjs [--rounds 30] [--warmup 8] [--format webp] [--cases lines-2,pics-32] [--engines pictor,takumi,careful]
 *   node benchmarks/render/growth.mjs --base /work/main/packages/core   # adds engine `base`: another build, side by side
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import { createRenderer } from '@pictor/core';
import { Renderer as TakumiRenderer } from '@takumi-rs/core';
import satori from 'satori';
import { html as satoriHtml } from 'satori-html';
import sharp from 'sharp';
import { childPids } from '../lib/process-tree.mjs';
import { fmt, load1, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { loadInterFonts, toTakumiNode } from './card.mjs';
import { CASE_LABEL, CASES, makePictures } from './growth-cases.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '8' },
    format: { type: 'string', default: 'webp' },
    cases: { type: 'string' },
    engines: { type: 'string', default: 'pictor,takumi,careful' },
    base: { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args.warmup);
const FORMAT = args.format;
const QUALITY = 80;
const ENGINES = [...args.engines.split(','), ...(args.base ? ['base'] : [])];

const caseNames = args.cases ? args.cases.split(',') : Object.keys(CASES);

const fonts = loadInterFonts();
const pictures = await makePictures();
const pictor = createRenderer();
const base = args.base
  ? (await import(pathToFileURL(join(args.base, 'dist', 'index.js')).href)).createRenderer()
  : undefined;
const takumi = new TakumiRenderer();
for (const f of fonts)
  await takumi.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style });

const render = {
  async pictor(doc) {
    const result = await pictor.render({ ...doc, format: FORMAT, quality: QUALITY });
    return { data: result.data, timings: result.timings };
  },
  async base(doc) {
    const result = await base.render({ ...doc, format: FORMAT, quality: QUALITY });
    return { data: result.data };
  },
  async takumi(doc) {
    const options = { width: doc.width, height: doc.height, format: FORMAT };
    if (FORMAT !== 'png') options.quality = QUALITY;
    return { data: await takumi.render(toTakumiNode(satoriHtml([doc.html])), options) };
  },
  async careful(doc) {
    const svg = await satori(satoriHtml([doc.html]), { width: doc.width, height: doc.height, fonts });
    const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
    if (FORMAT === 'png') return { data: png };
    const image = sharp(png);
    const data =
      FORMAT === 'webp'
        ? await image.webp({ quality: QUALITY }).toBuffer()
        : await image.jpeg({ quality: QUALITY }).toBuffer();
    return { data };
  },
};

const times = {};
const stages = {};
for (const name of caseNames) {
  times[name] = Object.fromEntries(ENGINES.map((e) => [e, []]));
  stages[name] = [];
}
const loads = [load1()];
let seq = 1;
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  for (const name of caseNames) {
    const doc = CASES[name](seq++, pictures);
    // Rotate which engine goes first.
    const order = ENGINES.map((_, i) => ENGINES[(i + round) % ENGINES.length]);
    for (const engine of order) {
      const started = performance.now();
      const out = await render[engine](doc);
      const ms = performance.now() - started;
      if (round === 0) {
        const meta = await sharp(out.data).metadata();
        if (meta.width !== doc.width && engine !== 'careful')
          throw new Error(`${engine} ${name}: ${meta.width}×${meta.height}, not ${doc.width}×${doc.height}`);
      }
      if (round < WARMUP) continue;
      times[name][engine].push(ms);
      if (out.timings) stages[name].push({ ...out.timings, trip: ms });
    }
  }
  if (round % 10 === 9) loads.push(load1());
}
loads.push(load1());

const median = (values) => quantile(values, 0.5);
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const rows = caseNames.map((name) => {
  const m = Object.fromEntries(ENGINES.map((e) => [e, median(times[name][e])]));
  return [
    CASE_LABEL[name],
    ...ENGINES.map((e) => fmt(m[e])),
    ...(m.takumi ? [`**${fmt(m.pictor / m.takumi, 2)}**`] : []),
    ...(m.careful ? [fmt(m.pictor / m.careful, 2)] : []),
    ...(m.base ? [fmt(m.pictor / m.base, 2)] : []),
  ];
});
const header = [
  'work',
  ...ENGINES.map((e) => `${e} median ms`),
  ...(ENGINES.includes('takumi') ? ['Pictor / Takumi'] : []),
  ...(ENGINES.includes('careful') ? ['Pictor / careful'] : []),
  ...(ENGINES.includes('base') ? ['Pictor / base'] : []),
];
console.log(
  `growth.mjs · ${new Date().toISOString()} · ${machineLine()} · load (1 min) during the run: ${loads.map((l) => l.toFixed(1)).join(', ')}`,
);
console.log(
  `format ${FORMAT} q${QUALITY}, ${WARMUP} warm-up + ${ROUNDS} measured rounds, engines interleaved (rotating start), fresh content every render\n`,
);
console.log(markdownTable(header, rows));

const stageKeys = ['parse', 'resources', 'layout', 'raster', 'encode', 'total'];
console.log(
  `\nPictor's stages (mean ms in the worker, RenderResult.timings) and the worker hop (round trip − total)\n`,
);
console.log(
  markdownTable(
    ['work', ...stageKeys, 'round trip', 'hop'],
    caseNames.map((name) => {
      const s = stages[name];
      if (s.length === 0) return [CASE_LABEL[name]];
      const means = stageKeys.map((k) => mean(s.map((t) => t[k])));
      const trip = mean(s.map((t) => t.trip));
      return [CASE_LABEL[name], ...means.map((v) => fmt(v)), fmt(trip), fmt(trip - means.at(-1))];
    }),
  ),
);

/** VmHWM (peak resident) and VmRSS of a process, MiB. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return { peak: kib('VmHWM') / 1024, now: kib('VmRSS') / 1024 };
  } catch {
    return { peak: Number.NaN, now: Number.NaN };
  }
}
const own = memoryOf(process.pid);
const workers = childPids().map(memoryOf);
console.log(
  `\nMemory (VmHWM peak / VmRSS now, MiB): this process (all engines' callers, Takumi's and careful's renders) ${fmt(own.peak, 0)} / ${fmt(own.now, 0)}; Pictor's worker processes ${workers.map((w) => `${fmt(w.peak, 0)} / ${fmt(w.now, 0)}`).join(', ')}; workers' peaks together ${fmt(
    workers.reduce((a, w) => a + w.peak, 0),
    0,
  )}`,
);
await pictor.close();
await base?.close();
