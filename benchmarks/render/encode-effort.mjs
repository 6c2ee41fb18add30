/**
 * What the WebP encoder's effort costs and gives on the growth cards (issue 42: the fixed cost of a small card): each
 * card (fresh content per card) rendered lossless by Pictor, its pixels encoded as WebP q80 at each effort, one
 * libvips thread (as Pictor's workers encode), interleaved; CPU ms of the encode (median), bytes and SSIM (ssim.js)
 * against the lossless pixels. Takumi's WebP q80 of the same card beside it: bytes, and SSIM against Takumi's own
 * lossless PNG, and its whole render's CPU ms (layout, raster and encode).
 *
 *   node benchmarks/render/encode-effort.mjs [--cases lines-2,pics-32] [--cards 6] [--efforts 0,1,2]
 */
import { parseArgs } from 'node:util';
import { createRenderer } from '@pictor/core';
import { Renderer as TakumiRenderer } from '@takumi-rs/core';
import { html as satoriHtml } from 'satori-html';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { fmt, load1, markdownTable, quantile } from '../lib/report.mjs';
import { loadInterFonts, toTakumiNode } from './card.mjs';
import { CASES, makePictures } from './growth-cases.mjs';

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: 'lines-2,pics-32' },
    cards: { type: 'string', default: '6' },
    efforts: { type: 'string', default: '0,1,2' },
  },
});
const EFFORTS = args.efforts.split(',').map(Number);
sharp.concurrency(1);
sharp.cache(false);
const pictor = createRenderer({ workers: 0 });
const takumi = new TakumiRenderer();
for (const f of loadInterFonts())
  await takumi.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style });
const pictures = await makePictures();

const cpu = async (work) => {
  const before = process.cpuUsage();
  const out = await work();
  const used = process.cpuUsage(before);
  return { out, ms: (used.user + used.system) / 1000 };
};
const rgba = async (data) => {
  const { data: pixels, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length),
    width: info.width,
    height: info.height,
  };
};

const rows = [];
const loads = [load1()];
let seq = 1;
for (const name of args.cases.split(',')) {
  const sides = Object.fromEntries([
    ...EFFORTS.map((e) => [`effort ${e}`, { ms: [], bytes: [], ssim: [] }]),
    ['takumi', { ms: [], bytes: [], ssim: [] }],
  ]);
  for (let card = 0; card < Number(args.cards); card++) {
    const doc = CASES[name](seq++, pictures);
    const lossless = await pictor.render({ ...doc, format: 'png' });
    const { data: raw, info } = await sharp(lossless.data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const reference = await rgba(lossless.data);
    // Each effort three times, interleaved; the first round warms up.
    for (let round = 0; round < 4; round++) {
      for (const effort of EFFORTS) {
        const { out, ms } = await cpu(() =>
          sharp(raw, { raw: { width: info.width, height: info.height, channels: 3 } })
            .webp({ quality: 80, effort })
            .toBuffer(),
        );
        if (round === 0) continue;
        const side = sides[`effort ${effort}`];
        side.ms.push(ms);
        if (round === 1) {
          side.bytes.push(out.length);
          side.ssim.push(ssim(reference, await rgba(out)).mssim);
        }
      }
      const node = toTakumiNode(satoriHtml([doc.html]));
      const { out, ms } = await cpu(() =>
        takumi.render(node, { width: doc.width, height: doc.height, format: 'webp', quality: 80 }),
      );
      if (round === 0) continue;
      sides.takumi.ms.push(ms);
      if (round === 1) {
        const own = await takumi.render(node, { width: doc.width, height: doc.height, format: 'png' });
        sides.takumi.bytes.push(out.length);
        sides.takumi.ssim.push(ssim(await rgba(own), await rgba(out)).mssim);
      }
    }
  }
  for (const [side, v] of Object.entries(sides)) {
    const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
    rows.push([name, side, fmt(quantile(v.ms, 0.5)), fmt(mean(v.bytes) / 1024), mean(v.ssim).toFixed(4)]);
  }
  loads.push(load1());
}
console.log(
  `encode-effort.mjs · ${new Date().toISOString()} · webp q80, ${args.cards} fresh cards per case, 3 encodes each after 1 warm-up (identical repeats of the same pixels: sharp's cache is off, so each is a real encode), interleaved · load ${loads.map((l) => l.toFixed(1)).join(', ')}\n`,
);
console.log(
  markdownTable(
    ['case', 'encoder', 'CPU ms (median; Takumi: whole render)', 'KB (mean)', 'SSIM to lossless (mean)'],
    rows,
  ),
);
await pictor.close();
