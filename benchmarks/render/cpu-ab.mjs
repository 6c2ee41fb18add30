/**
 * CPU time per render of this build against another (`--base DIR`, a packages/core folder), both rendering on this
 * thread (`workers: 0`), alternating render by render, fresh content: CPU time (all threads of this process) is far
 * less disturbed than wall time when other work shares the cores. Growth cases (growth-cases.mjs), the Bootstrap
 * page (`bootstrap`), the 2-line card with Bootstrap's sheet (`card-sheet`) or the 8-line card in web faces
 * (`lines-8-web`: Inter by the `fonts` option, whose glyphs are hinted). `--takumi` adds Takumi as a third side
 * (its CPU time too: all threads of this process), for the ratio to Takumi on a busy machine.
 *
 * `--off a,b` switches those tunings off on the base side (its build, or this one without `--base`): one tuning's
 * gain from one build.
 *
 *   node benchmarks/render/cpu-ab.mjs --base /work/main/packages/core --cases lines-2,pics-32,card-sheet [--renders 20] [--format webp] [--takumi]
 *   node benchmarks/render/cpu-ab.mjs --off pictureLayer --cases pics-32,pics-1
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createRenderer } from '@pictor/core';
import { Renderer as TakumiRenderer } from '@takumi-rs/core';
import { html as satoriHtml } from 'satori-html';
import { fmt, load1, markdownTable, quantile } from '../lib/report.mjs';
import { loadInterFonts, toTakumiNode } from './card.mjs';
import { BOOTSTRAP_CSS, frameworkPage, PAGE_SIZE } from './framework-page.mjs';
import { CASES, makePictures, textCard } from './growth-cases.mjs';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    cases: { type: 'string', default: 'lines-2,pics-32,card-sheet,bootstrap' },
    renders: { type: 'string', default: '20' },
    format: { type: 'string', default: 'webp' },
    takumi: { type: 'boolean', default: false },
    off: { type: 'string' },
  },
});
if (!args.base && !args.off)
  throw new Error('--base DIR (a packages/core folder with a dist/) or --off is required');
const tunings = Object.fromEntries(
  (args.off ?? '')
    .split(',')
    .filter(Boolean)
    .map((name) => [name, false]),
);
const base = (
  args.base ? await import(pathToFileURL(join(args.base, 'dist', 'index.js')).href) : { createRenderer }
).createRenderer({ workers: 0, tunings });
const ours = createRenderer({ workers: 0 });
/** Takumi, as a renderer with the render() of Pictor's: its Inter fonts, the document through satori-html. */
let takumi;
if (args.takumi) {
  const engine = new TakumiRenderer();
  for (const f of loadInterFonts())
    await engine.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style });
  takumi = {
    render: (doc) =>
      engine.render(toTakumiNode(satoriHtml([doc.html])), {
        width: doc.width,
        height: doc.height,
        format: doc.format,
        ...(doc.format === 'png' ? {} : { quality: doc.quality }),
      }),
  };
}
const pictures = await makePictures();
const webInter = loadInterFonts().map((font) => ({
  family: 'Web Inter',
  data: font.data.toString('base64'),
  weight: font.weight,
}));
const make = {
  ...Object.fromEntries(Object.entries(CASES).map(([name, f]) => [name, (seq) => f(seq, pictures)])),
  bootstrap: (seq) => ({ html: frameworkPage(seq), ...PAGE_SIZE }),
  // The 8-line card with Inter handed over as web faces (the `fonts` option): fractional advances, hinted glyphs.
  'lines-8-web': (seq) => {
    const card = textCard(seq, 8);
    return {
      ...card,
      html: card.html.replace('font-family:Inter', 'font-family:Web Inter'),
      fonts: webInter,
    };
  },
  'card-sheet': (seq) => {
    const card = textCard(seq, 2);
    return { ...card, html: `<style>${BOOTSTRAP_CSS}</style>${card.html}` };
  },
};
const rows = [];
let seq = 1;
const loads = [load1()];
for (const name of args.cases.split(',')) {
  const cpu = { ours: [], base: [], takumi: [] };
  const sides = [['ours', ours], ['base', base], ...(takumi ? [['takumi', takumi]] : [])];
  for (let i = 0; i < Number(args.renders) + 3; i++) {
    const doc = make[name](seq++);
    // Rotate which side goes first.
    for (const [side, renderer] of sides.map((_, k) => sides[(k + i) % sides.length])) {
      const before = process.cpuUsage();
      await renderer.render({ ...doc, format: args.format, quality: 80 });
      const used = process.cpuUsage(before);
      if (i >= 3) cpu[side].push((used.user + used.system) / 1000);
    }
  }
  const a = quantile(cpu.ours, 0.5);
  const b = quantile(cpu.base, 0.5);
  const t = takumi ? quantile(cpu.takumi, 0.5) : undefined;
  rows.push([
    name,
    fmt(a),
    fmt(b),
    `**${fmt(a / b, 2)}**`,
    ...(t === undefined ? [] : [fmt(t), `**${fmt(a / t, 2)}**`, fmt(b / t, 2)]),
  ]);
  loads.push(load1());
}
console.log(
  `cpu-ab.mjs · ${new Date().toISOString()} · ${args.format} · base ${args.base ?? 'this build'}${args.off ? ` with ${args.off} off` : ''} · ${args.renders} renders per side and case after 3 warm-up, alternating · load ${loads.map((l) => l.toFixed(1)).join(', ')}\n`,
);
console.log(
  markdownTable(
    [
      'case',
      'this build CPU ms (median)',
      'base CPU ms',
      'this / base',
      ...(takumi ? ['Takumi CPU ms', 'this / Takumi', 'base / Takumi'] : []),
    ],
    rows,
  ),
);
await ours.close();
await base.close();
