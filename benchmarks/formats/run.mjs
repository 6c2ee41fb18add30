/**
 * Formats at matched quality (issue 44): for each fresh-content card, the bytes and encode time of PNG (lossless),
 * JPEG, WebP and AVIF, each lossy format at the lowest quality whose SSIM against the lossless render reaches the
 * target (default 0.985), so the sizes compare like with like; AVIF at several encoder efforts, to choose one.
 * Then the encodes a byte budget takes (`maxBytes`, `result.budget.encodes`) at a few budgets per card and format.
 *
 *   node benchmarks/formats/run.mjs [--ssim 0.995] [--efforts 0,1,2] [--runs 5] [--no-budgets | --only-budgets]
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { createRenderer } from '@pictor/core';
import { CARD_SIZE, CARDS, cardHtml, loadAssets } from '../render/fresh-cards.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const TARGET = Number(arg('ssim', '0.995'));
const EFFORTS = arg('efforts', '0,1,2').split(',').map(Number);
const RUNS = Number(arg('runs', '3'));
const SKIP_BUDGETS = process.argv.includes('--no-budgets');
const ONLY_BUDGETS = process.argv.includes('--only-budgets');

sharp.concurrency(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The encoders compared: core's settings for png, jpeg and webp; AVIF at each effort asked. */
const ENCODERS = {
  jpeg: (p, q) => p.jpeg({ quality: Math.max(1, q) }),
  webp: (p, q) => p.webp({ quality: q, effort: 2 }),
  ...Object.fromEntries(EFFORTS.map((e) => [`avif-e${e}`, (p, q) => p.avif({ quality: q, effort: e })])),
};

async function decodeRgba(data) {
  const { data: pixels, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length),
    width: info.width,
    height: info.height,
  };
}

async function timedEncode(raw, encoder, q) {
  const times = [];
  let out;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    out = await encoder(sharp(raw.pixels, { raw: raw.info }), q).toBuffer();
    times.push(performance.now() - t0);
  }
  return { bytes: out.length, ms: median(times), data: out };
}

/** The lowest quality whose SSIM reaches the target (binary search over 1..100). */
async function matchedQuality(raw, reference, encoder) {
  let lo = 1;
  let hi = 100;
  const cache = new Map();
  const score = async (q) => {
    if (!cache.has(q)) {
      const data = await encoder(sharp(raw.pixels, { raw: raw.info }), q).toBuffer();
      cache.set(q, ssim(reference, await decodeRgba(data)).mssim);
    }
    return cache.get(q);
  };
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((await score(mid)) >= TARGET) hi = mid;
    else lo = mid + 1;
  }
  return { quality: lo, ssim: await score(lo) };
}

const assets = await loadAssets();
const renderer = createRenderer({ workers: 0 });
const rows = [];
const budgetRows = [];
for (const card of CARDS) {
  const html = cardHtml(card, 1, assets);
  const png = await renderer.render({ html, ...CARD_SIZE[card], format: 'png' });
  const { data: pixels, info } = await sharp(png.data)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { pixels, info: { width: info.width, height: info.height, channels: 3 } };
  const reference = await decodeRgba(png.data);
  const pngTimed = await timedEncode(raw, (p) => p.png({ compressionLevel: 3, adaptiveFiltering: false }), 0);
  rows.push({ card, format: 'png', quality: '-', ssim: 1, bytes: png.data.length, ms: pngTimed.ms });
  for (const [name, encoder] of Object.entries(ONLY_BUDGETS ? {} : ENCODERS)) {
    const { quality, ssim: score } = await matchedQuality(raw, reference, encoder);
    const { bytes, ms } = await timedEncode(raw, encoder, quality);
    rows.push({ card, format: name, quality, ssim: score, bytes, ms });
  }
  if (!SKIP_BUDGETS) {
    for (const format of ['png', 'jpeg', 'webp', 'avif']) {
      const plain = await renderer.render({ html, ...CARD_SIZE[card], format });
      for (const share of [0.7, 0.4]) {
        const maxBytes = Math.max(1024, Math.round(plain.data.length * share));
        try {
          const result = await renderer.render({ html, ...CARD_SIZE[card], format, maxBytes });
          budgetRows.push({ card, format, maxBytes, bytes: result.data.length, ...result.budget });
        } catch (error) {
          budgetRows.push({ card, format, maxBytes, error: error.message });
        }
      }
    }
  }
}
await renderer.close();

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `SSIM target ${TARGET}; median of ${RUNS} encodes; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`,
);
console.log('| card | format | quality | SSIM | bytes | encode ms |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.card} | ${r.format} | ${r.quality} | ${r.ssim.toFixed(4)} | ${kb(r.bytes)} | ${r.ms.toFixed(1)} |`,
  );
}
if (budgetRows.length > 0) {
  console.log('\n| card | format | maxBytes | bytes | quality / colours | encodes |');
  console.log('|---|---|---|---|---|---|');
  for (const r of budgetRows) {
    const setting = r.error ? r.error.slice(0, 60) : (r.quality ?? `${r.colours} colours` ?? 'lossless');
    console.log(
      `| ${r.card} | ${r.format} | ${r.maxBytes} | ${r.bytes ?? '-'} | ${setting} | ${r.encodes ?? '-'} |`,
    );
  }
  const encodes = budgetRows.filter((r) => r.encodes).map((r) => r.encodes);
  console.log(
    `\nencodes per budgeted image: median ${median(encodes)}, max ${Math.max(...encodes)} (${encodes.length} images)`,
  );
}
