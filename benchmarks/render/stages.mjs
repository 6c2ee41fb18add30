/**
 * Where the time goes, stage by stage, on the reference card: Pictor's own stage timings (rendering on the
 * calling thread, `workers: 0`) beside the same stages done by hand with the same libraries, and the encoder
 * settings that decide the encode stage (with and without the alpha channel, which an opaque card does not need).
 * All interleaved round-robin in one process.
 *
 *   node benchmarks/render/stages.mjs [--iterations 60] [--warmup 10]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import { createRenderer } from '@pictor/core';
import satori from 'satori';
import { html as satoriHtml } from 'satori-html';
import sharp from 'sharp';
import { fmt, kb, machineLine, markdownTable, summarize } from '../lib/report.mjs';
import { CARD_HEIGHT, CARD_WIDTH, cardHtml, createAvatar, loadInterFonts } from './card.mjs';

const { values: args } = parseArgs({
  options: { iterations: { type: 'string', default: '60' }, warmup: { type: 'string', default: '10' } },
});
const ITERATIONS = Number(args.iterations);
const WARMUP = Number(args.warmup);

const avatar = await createAvatar();
const html = cardHtml(`data:image/jpeg;base64,${avatar.toString('base64')}`);
const fonts = loadInterFonts();
const pictor = createRenderer({ workers: 0 });

// One SVG and one raster, made once, feed the stage timings below.
const svg = await satori(satoriHtml([html]), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
const raster = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
const pixels = raster.pixels;
const raw = { raw: { width: raster.width, height: raster.height, channels: 4, premultiplied: true } };

/** True when every alpha byte is 255 (then the alpha channel can be dropped before encoding). */
function isOpaque(rgba) {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

const cases = [
  { name: 'Pictor render, in-thread (workers: 0), webp', pictor: 'webp' },
  { name: 'Pictor render, in-thread (workers: 0), png', pictor: 'png' },
  { name: 'satori-html html([s]) parse', run: () => satoriHtml([html]) },
  {
    name: 'satori layout → SVG (Inter 400/700 only)',
    run: () => satori(satoriHtml([html]), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts }),
  },
  {
    name: 'resvg render → pixels (loadSystemFonts: false)',
    run: () => new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels,
  },
  { name: 'resvg render → pixels (default options)', run: () => new Resvg(svg).render().pixels },
  { name: 'resvg render → asPng (default options)', out: true, run: () => new Resvg(svg).render().asPng() },
  { name: 'isOpaque scan of the RGBA buffer (JS loop)', run: () => isOpaque(pixels) },
  {
    name: 'sharp png level 1, no filtering, RGBA (Pictor)',
    out: true,
    run: () => sharp(pixels, raw).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer(),
  },
  {
    name: 'sharp png level 1, no filtering, RGB (alpha dropped)',
    out: true,
    run: () =>
      sharp(pixels, raw).removeAlpha().png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer(),
  },
  { name: 'sharp png level 6 (default), RGBA', out: true, run: () => sharp(pixels, raw).png().toBuffer() },
  {
    name: 'sharp webp q80 effort 4 (default), RGBA',
    out: true,
    run: () => sharp(pixels, raw).webp({ quality: 80 }).toBuffer(),
  },
  {
    name: 'sharp webp q80 effort 2, RGBA (Pictor)',
    out: true,
    run: () => sharp(pixels, raw).webp({ quality: 80, effort: 2 }).toBuffer(),
  },
  {
    name: 'sharp webp q80 effort 2, RGB (alpha dropped)',
    out: true,
    run: () => sharp(pixels, raw).removeAlpha().webp({ quality: 80, effort: 2 }).toBuffer(),
  },
  {
    name: 'sharp webp q80 effort 4, RGB (alpha dropped)',
    out: true,
    run: () => sharp(pixels, raw).removeAlpha().webp({ quality: 80 }).toBuffer(),
  },
  {
    name: 'sharp webp q80 effort 1, RGB (alpha dropped)',
    out: true,
    run: () => sharp(pixels, raw).removeAlpha().webp({ quality: 80, effort: 1 }).toBuffer(),
  },
  {
    name: 'sharp jpeg q80, flatten (Pictor)',
    out: true,
    run: () => sharp(pixels, raw).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
  },
  {
    name: 'sharp jpeg q80, alpha dropped',
    out: true,
    run: () => sharp(pixels, raw).removeAlpha().jpeg({ quality: 80 }).toBuffer(),
  },
];

for (const c of cases) {
  c.samples = [];
  c.stages = [];
}

for (let round = 0; round < WARMUP + ITERATIONS; round++) {
  for (let k = 0; k < cases.length; k++) {
    const c = cases[(round + k) % cases.length];
    const t0 = performance.now();
    let output;
    if (c.pictor) {
      const result = await pictor.render({
        html,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        format: c.pictor,
        quality: 80,
      });
      output = result.data;
      if (round >= WARMUP) c.stages.push(result.timings);
    } else {
      output = await c.run();
    }
    const ms = performance.now() - t0;
    if (round >= WARMUP) c.samples.push(ms);
    if (c.out || c.pictor) c.bytes = output.length;
  }
}
await pictor.close();

const rows = cases.map((c) => {
  const s = summarize(c.samples);
  return [c.name, fmt(s.median, 2), fmt(s.p95, 2), c.bytes === undefined ? '' : kb(c.bytes)];
});
const stageRows = cases
  .filter((c) => c.pictor)
  .map((c) => {
    const stage = (k) => fmt(summarize(c.stages.map((t) => t[k])).median, 2);
    return [c.pictor, ...['parse', 'resources', 'layout', 'raster', 'encode', 'total'].map(stage)];
  });
process.stdout.write(
  [
    `# Stage by stage (${ITERATIONS} rounds after ${WARMUP} warm-up, interleaved) — ${new Date().toISOString()}`,
    '',
    `Machine: ${machineLine()}. Card opaque: ${isOpaque(pixels)}.`,
    '',
    markdownTable(['step', 'median ms', 'p95 ms', 'output'], rows),
    '',
    'Pictor in-thread, median ms per stage:',
    '',
    markdownTable(['format', 'parse', 'resources', 'layout', 'raster', 'encode', 'total'], stageRows),
    '',
  ].join('\n'),
);
