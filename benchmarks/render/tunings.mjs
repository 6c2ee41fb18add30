/**
 * `node benchmarks/render/fresh.mjs --only tunings [--tunings textLayer,pngWriter] [--warmup N --rounds N]`: what
 * each tuning earns, from one build. For every switch of `RendererOptions.tunings` (core's TUNING_NAMES), two
 * renderers in this process — every tuning on, and the same with that one off — render the same fresh contents in
 * alternation (the order swapping every round), every card and format the tuning touches; the gain of a card and
 * format is the median of the rounds' ratios off / on. Render-stage tunings run one render in flight on one worker
 * per side; the per-process ones (POOL_TUNINGS) the default pool saturated, blocks of 8 with 4 in flight, ms per
 * render, on the reference and photos cards in png and webp. Prints per tuning and card that ratio for each format
 * (above 1: the tuning helps; bold at 1.05 and more; in brackets where the tuning changes nothing on that card,
 * its `tuningsUsed` says, so the ratio is the noise of the machine) and the fidelity delta of the PNGs of one content: pixels that
 * differ by more than 2 levels in a channel (largest difference) and SSIM (ssim.js 'fast', 11 px window). The name
 * `control` (`--tunings control,…`) measures two sides with every tuning on: the spread of a ratio that should be 1. */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { fmt, load1, markdownTable, quantile } from '../lib/report.mjs';
import { CARD_SIZE, CARDS, cardHtml } from './fresh-cards.mjs';

/** Tunings of the worker process as a whole: measured with the pool saturated, where they are aimed. */
const POOL_TUNINGS = new Set([
  'heapGrowing',
  'largePages',
  'singleThreadedGc',
  'baselineLargeFunctions',
  'lateOptimization',
  'encoderThreads',
]);
/** Where the pool tunings are measured (the saturated pool is slow to measure: two cards, two formats). */
const POOL_CARDS = ['reference', 'photos'];
const POOL_FORMATS = ['png', 'webp'];
/** Tunings of the PNG writer: png only. */
const PNG_TUNINGS = new Set(['pngWriter', 'pngPhotoRows', 'deflateHalves']);
const FORMATS = ['png', 'jpeg', 'webp'];
const QUALITY = 80;
const BLOCK = 8;
const IN_FLIGHT = 4;
const SSIM_OPTIONS = { ssim: 'fast', windowSize: 11, k1: 0.01, k2: 0.03, bitDepth: 8, downsample: false };

const median = (xs) => quantile(xs, 0.5);

/** Pixels differing by more than 2 levels in some channel, the largest difference, and SSIM, of two PNGs. */
async function fidelityDelta(a, b) {
  const raw = async (png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let differing = 0;
  let largest = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    let d = 0;
    for (let k = 0; k < 4; k++) d = Math.max(d, Math.abs(x.data[i + k] - y.data[i + k]));
    if (d > 2) differing++;
    largest = Math.max(largest, d);
  }
  const image = (r) => ({ data: new Uint8ClampedArray(r.data), width: r.info.width, height: r.info.height });
  const { mssim } = ssim(image(x), image(y), SSIM_OPTIONS);
  return { differing, largest, ssim: mssim };
}

/**
 * Measure `names` (default every switch core knows). `log` gets progress lines. Returns the markdown table and the
 * ratios per tuning ({ name → best ratio }), for the keep-or-remove rule.
 */
export async function phaseTunings({ createRenderer, names, assets, warmup, rounds, log = console.error }) {
  const rows = [];
  const best = {};
  /** Every sample: tuning → "card format side" → ms per round. */
  const all = {};
  let seq = 7_000_000;
  for (const name of names) {
    const pool = POOL_TUNINGS.has(name);
    const formats = PNG_TUNINGS.has(name) ? ['png'] : pool ? POOL_FORMATS : FORMATS;
    const cards = pool ? POOL_CARDS : CARDS;
    const base = { startWorkers: 'eager', ...(pool ? {} : { workers: 1 }), limits: { timeoutMs: 60_000 } };
    const sides = [
      { key: 'on', renderer: createRenderer(base) },
      // `control`: both sides with every tuning on, so the table shows what two identical sides differ by.
      {
        key: 'off',
        renderer: createRenderer(name === 'control' ? base : { ...base, tunings: { [name]: false } }),
      },
    ];
    const render = (renderer, card, format, n) =>
      renderer.render({ html: cardHtml(card, n, assets), ...CARD_SIZE[card], format, quality: QUALITY });
    // Fidelity: the same content as png from both sides.
    const fidelity = {};
    /** The cards where the tuning changes a render (RenderResult.tuningsUsed): elsewhere its ratio is noise. */
    const usedOn = new Set();
    for (const card of CARDS) {
      const [on, off] = await Promise.all(sides.map((s) => render(s.renderer, card, 'png', seq)));
      fidelity[card] = await fidelityDelta(on.data, off.data);
      if (name === 'control' || on.tuningsUsed?.includes(name)) usedOn.add(card);
      seq++;
    }
    const samples = {};
    const started = performance.now();
    const total = pool ? Math.max(3, Math.ceil(warmup / 3)) + Math.ceil(rounds / 2) : warmup + rounds;
    const measuredFrom = pool ? Math.max(3, Math.ceil(warmup / 3)) : warmup;
    for (let round = 0; round < total; round++) {
      for (const card of cards) {
        for (const format of formats) {
          const start = seq;
          seq += pool ? BLOCK : 1;
          for (const side of round % 2 ? [...sides].reverse() : sides) {
            let ms;
            const t0 = performance.now();
            if (pool) {
              let next = 0;
              const lane = async () => {
                while (next < BLOCK) await render(side.renderer, card, format, start + next++);
              };
              await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
              ms = (performance.now() - t0) / BLOCK;
            } else {
              await render(side.renderer, card, format, start);
              ms = performance.now() - t0;
            }
            if (round < measuredFrom) continue;
            const key = `${card} ${format} ${side.key}`;
            samples[key] ??= [];
            samples[key].push(ms);
          }
        }
      }
    }
    await Promise.all(sides.map((s) => s.renderer.close()));
    all[name] = samples;
    // The median of the paired ratios: each round renders the same content on both sides back to back, so a ratio
    // of one round's pair shares that moment's load (the machine is shared); the median of those is the gain.
    const ratio = (card, format) => {
      const on = samples[`${card} ${format} on`];
      return median(samples[`${card} ${format} off`].map((off, i) => off / on[i]));
    };
    const counted = cards.filter((card) => usedOn.has(card));
    best[name] = Math.max(...counted.flatMap((card) => formats.map((format) => ratio(card, format))));
    const cells = CARDS.map((card) =>
      FORMATS.map((format) => {
        if (!formats.includes(format) || !cards.includes(card)) return '–';
        const r = ratio(card, format);
        if (!usedOn.has(card)) return `(${fmt(r, 2)})`;
        return r >= 1.05 ? `**${fmt(r, 2)}**` : fmt(r, 2);
      }).join(' / '),
    );
    const fid = CARDS.map((card) => {
      const f = fidelity[card];
      return f.differing === 0 && f.largest === 0
        ? 'same'
        : `${f.differing} (${f.largest}), ${fmt(f.ssim, 4)}`;
    }).join('; ');
    const row = [
      `\`${name}\``,
      pool ? 'pool, 4 in flight' : '1 in flight',
      ...cells,
      fmt(best[name], 2),
      fid,
    ];
    rows.push(row);
    log(`| ${row.join(' | ')} |`);
    log(
      `tunings: ${name} best ${fmt(best[name], 3)} (${fmt((performance.now() - started) / 1000, 0)} s, load ${fmt(load1(), 2)})`,
    );
  }
  const table = markdownTable(
    [
      'tuning',
      'measured',
      ...CARDS.map((card) => `${card}: off / on, png / jpeg / webp`),
      'best (cards it changes)',
      `pixels > 2 levels off (largest), SSIM — ${CARDS.join('; ')}`,
    ],
    rows,
  );
  return { table, best, samples: all };
}
