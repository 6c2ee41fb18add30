/**
 * Render speed on fresh content (issue 18): every measured render has content no earlier render had — a template
 * filled with a new title, name and date (and, for the document, new lines) each time, as a service gets it.
 * Four cards (fresh-cards.mjs): the reference card 1200×630, a text-heavy document 800×1200, an image-heavy square
 * 1080×1080 (four photos, object-fit: cover), a CJK + emoji card 1200×630. Engines: Pictor (`createRenderer()`
 * defaults), the careful hand pipeline (satori-html `html([s])` + satori + resvg `asPng()` + sharp at its default
 * effort, q80), @vercel/og 0.11 (png) and Takumi.
 *
 *   node benchmarks/render/fresh.mjs                 # all phases, writes the "Fresh content" section of RESULTS.md
 *   node benchmarks/render/fresh.mjs --quick         # smoke run, prints only
 *   node benchmarks/render/fresh.mjs --only inproc,procs,pool,repeat,scale   # some phases; prints only
 *
 * Phases: `inproc` — every engine in this one process, interleaved round-robin (Pictor's workers are its child
 * processes, as always); `procs` — each engine in a process of its own, driven in alternation over IPC; `pool` —
 * renders/s of one worker against the default pool (each in its own process, alternating blocks), fresh content;
 * `repeat` — the same content rendered again and again (reported on a line of its own, not as the result);
 * `scale` — Pictor at device scale 1 and 2 on the reference card and a 4096×2160 render: time, peak memory of the
 * worker. Options: --warmup N (rounds, default 40), --rounds N (measured, default 100), --blocks N, --block-size N,
 * --pool-warmup N (fresh renders per worker before the pool phase measures, default 600: a worker's JIT settles).
 *
 *   node benchmarks/render/fresh.mjs --only ab --env-b 'PICTOR_BENCH_OPTIONS={"heapGrowingPercent":0}' --rounds 60
 *   node benchmarks/render/fresh.mjs --only ab --env-b PICTOR_BENCH_CORE=/tmp/variant/packages/core --concurrency 4
 *
 * `ab` — two Pictor processes differing only in their environment (phaseAb); with `--concurrency N` each side renders
 * blocks of 4 × N with N in flight (the pool saturated) and the time per render is compared.
 *
 *   node benchmarks/render/fresh.mjs --only tunings [--tunings textLayer,pngWriter] [--warmup 6 --rounds 20] [--samples FILE]
 *
 * `tunings` — every switch of RendererOptions.tunings off against all on, side by side from this one build
 * (tunings.mjs): ratio off / on per card and format, and the pixel difference of the two outputs; `--samples`
 * writes every time measured to a JSON file.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import { Renderer as TakumiRenderer } from '@takumi-rs/core';
import { ImageResponse } from '@vercel/og';
import satori from 'satori';
import { html as satoriHtml } from 'satori-html';
import sharp from 'sharp';
import { childPids, treeCpuMs } from '../lib/process-tree.mjs';
import { NODE_FLAGS, relaunchWithNodeFlags } from '../lib/node-flags.mjs';
import { fmt, kb, load1, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { toTakumiNode } from './card.mjs';
import { engineProcess } from './engine-process.mjs';
import { CARD_SIZE, CARDS, cardHtml, emojiLoader, fontsFor, loadAssets } from './fresh-cards.mjs';
import { phaseTunings } from './tunings.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * Benchmark-only hooks for A/B runs (issue 21), read by the 'pictor' engine: `PICTOR_BENCH_CORE` — a path to another
 * build of @pictor/core (its package folder, or its dist/index.js) to load instead of the workspace's;
 * `PICTOR_BENCH_OPTIONS` — JSON merged into its createRenderer options.
 */
const BENCH_CORE = process.env.PICTOR_BENCH_CORE;
const { createRenderer, TUNING_NAMES } = await import(
  BENCH_CORE
    ? pathToFileURL(BENCH_CORE.endsWith('.js') ? BENCH_CORE : join(BENCH_CORE, 'dist', 'index.js')).href
    : '@pictor/core'
);
const BENCH_OPTIONS = process.env.PICTOR_BENCH_OPTIONS ? JSON.parse(process.env.PICTOR_BENCH_OPTIONS) : {};
const SCRIPT = fileURLToPath(import.meta.url);
const FORMATS = ['png', 'jpeg', 'webp'];
const QUALITY = 80;
const ENGINES = ['pictor', 'careful', 'og', 'takumi'];

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    blocks: { type: 'string' },
    'block-size': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    'engine-child': { type: 'string' },
    'env-a': { type: 'string', multiple: true, default: [] },
    'env-b': { type: 'string', multiple: true, default: [] },
    cards: { type: 'string' },
    formats: { type: 'string' },
    concurrency: { type: 'string' },
    'pool-warmup': { type: 'string' },
    tunings: { type: 'string' },
    samples: { type: 'string' },
  },
});
const quick = args.quick;
const WARMUP = Number(args.warmup ?? (quick ? 2 : 40));
const ROUNDS = Number(args.rounds ?? (quick ? 5 : 100));
const BLOCKS = Number(args.blocks ?? (quick ? 1 : 6));
const BLOCK_SIZE = Number(args['block-size'] ?? (quick ? 8 : 24));
const CONCURRENCY = Number(args.concurrency ?? 1);
/** Fresh renders per worker before the pool phase measures (--pool-warmup). */
const POOL_WARMUP = Number(args['pool-warmup'] ?? (quick ? 4 : 600));
const PHASES = (args.only ?? 'inproc,procs,pool,repeat,scale').split(',');

/**
 * The variants measured: every engine, card and format, @vercel/og only for png of the reference card (its
 * WebAssembly resvg took 2.5–5 s for the document on the loaded machine, and it fetches emoji from a CDN).
 */
function variantsOf(engines) {
  const out = [];
  for (const card of CARDS) {
    for (const format of FORMATS) {
      for (const engine of engines) {
        if (engine === 'og' && (format !== 'png' || card !== 'reference')) continue;
        out.push({ card, format, engine });
      }
    }
  }
  return out;
}

/**
 * The content number of one render: new for every (round, card, format), so no engine ever renders the same
 * content twice — also not the same text once as png and once as webp. The engines of one round get the same
 * content (same text lengths), each in its own renderer.
 */
const contentSeq = (round, card, format) => round * 16 + CARDS.indexOf(card) * 4 + FORMATS.indexOf(format);

/**
 * One engine: `render({ card, format, seq, size?, scale? })` → `{ data, timings?, ms }`, `ms` measured around the
 * render call only (the HTML is filled before).
 */
async function createEngine(name, assets) {
  const htmlOf = (m) => cardHtml(m.card, m.seq, assets, m.size ?? CARD_SIZE[m.card]);
  const sizeOf = (m) => m.size ?? CARD_SIZE[m.card];
  if (name === 'pictor' || name === 'pictor-1w') {
    // One worker (pool and scale phases) without the default 10 s limit: a 4096×2160 render on a loaded machine.
    const renderer = createRenderer({
      ...(name === 'pictor-1w' ? { workers: 1, limits: { timeoutMs: 120_000 } } : {}),
      ...BENCH_OPTIONS,
    });
    return {
      workers: name === 'pictor-1w' ? 1 : undefined,
      async render(m) {
        const html = htmlOf(m);
        const t0 = performance.now();
        const result = await renderer.render({
          html,
          ...sizeOf(m),
          format: m.format,
          quality: QUALITY,
          ...(m.scale ? { scale: m.scale } : {}),
        });
        return { data: result.data, timings: result.timings, ms: performance.now() - t0 };
      },
      close: () => renderer.close(),
    };
  }
  if (name === 'careful') {
    const loadAdditionalAsset = emojiLoader(assets);
    return {
      async render(m) {
        const html = htmlOf(m);
        const fonts = fontsFor(m.card, assets);
        const t0 = performance.now();
        const svg = await satori(satoriHtml([html]), { ...sizeOf(m), fonts, loadAdditionalAsset });
        const png = new Resvg(svg).render().asPng();
        let data = png;
        if (m.format !== 'png') {
          const image = sharp(png);
          data =
            m.format === 'webp'
              ? await image.webp({ quality: QUALITY }).toBuffer()
              : await image.jpeg({ quality: QUALITY }).toBuffer();
        }
        return { data, ms: performance.now() - t0 };
      },
      close: async () => {},
    };
  }
  if (name === 'og') {
    return {
      async render(m) {
        const html = htmlOf(m);
        const fonts = fontsFor(m.card, assets).map((f) => ({ ...f }));
        const t0 = performance.now();
        const response = new ImageResponse(satoriHtml([html]), { ...sizeOf(m), fonts });
        const data = Buffer.from(await response.arrayBuffer());
        return { data, ms: performance.now() - t0 };
      },
      close: async () => {},
    };
  }
  if (name === 'takumi') {
    const renderer = new TakumiRenderer();
    for (const f of [...assets.inter, ...assets.cjkFonts]) {
      await renderer.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style });
    }
    return {
      async render(m) {
        const html = htmlOf(m);
        const t0 = performance.now();
        const node = toTakumiNode(satoriHtml([html]));
        const options = { ...sizeOf(m), format: m.format };
        if (m.format !== 'png') options.quality = QUALITY;
        const data = await renderer.render(node, options);
        return { data, ms: performance.now() - t0 };
      },
      close: async () => {},
    };
  }
  throw new Error(`unknown engine ${name}`);
}

/** `total` renders with `concurrency` in flight, content `seqStart`, `seqStart + 1`, …; elapsed ms. */
async function runBlock(engine, m, total, concurrency, seqStart) {
  let started = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (started < total) {
      const seq = seqStart + started++;
      await engine.render({ ...m, seq });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return performance.now() - t0;
}

/** Peak resident set (VmHWM, MiB) of each live child process of this one (Pictor's worker processes). */
function workerPeaksMiB() {
  return childPids().map((pid) => {
    try {
      const hwm = /^VmHWM:\s*(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return Number(hwm) / 1024;
    } catch {
      return Number.NaN;
    }
  });
}

/** Child mode: one engine alone in this process, driven over IPC (engine-process.mjs). */
async function engineChild(name) {
  const assets = await loadAssets();
  const engine = await createEngine(name, assets);
  process.on('message', async (message) => {
    if (message.type === 'close') {
      await engine.close();
      process.disconnect();
      return;
    }
    if (message.type === 'peaks') {
      process.send({ type: 'peaks', peaks: workerPeaksMiB() });
      return;
    }
    if (message.type === 'render') {
      const { data, timings, ms } = await engine.render(message);
      const bytes = message.withData ? Buffer.from(data).toString('base64') : undefined;
      process.send({ type: 'done', ms, timings, bytes, size: data.length });
      return;
    }
    // block
    const m = { card: message.card, format: message.format, size: message.size, scale: message.scale };
    if (message.warm > 0) await runBlock(engine, m, message.warm, message.concurrency, message.seqStart);
    const cpuBefore = treeCpuMs();
    const ms = await runBlock(engine, m, message.total, message.concurrency, message.seqStart + message.warm);
    process.send({ type: 'done', ms, cpuMs: treeCpuMs() - cpuBefore });
  });
  process.send({ type: 'ready', workers: engine.workers ?? 1 });
}

/** A local engine with the calls of engine-process.mjs, so both phases drive engines the same way. */
function local(engine) {
  return {
    async render(format, _withData, extra) {
      const { data, timings, ms } = await engine.render({ ...extra, format });
      return { ms, timings, data, size: data.length };
    },
    close: () => engine.close(),
  };
}

/** Decode an output and check its format and size (a benchmark of broken images is worthless). */
async function check(label, format, data, { width, height }) {
  const meta = await sharp(data).metadata();
  if (meta.format !== format || meta.width !== width || meta.height !== height) {
    throw new Error(
      `${label}: expected ${format} ${width}×${height}, got ${meta.format} ${meta.width}×${meta.height}`,
    );
  }
}

/**
 * Latency: `WARMUP` rounds, then `ROUNDS` measured rounds over every variant, round-robin (the start rotating each
 * round), every render new content. `subjects` maps an engine name to a driven engine.
 */
async function latency(subjects, label) {
  const variants = variantsOf(ENGINES).map((v) => ({ ...v, ms: [], sizes: [], timings: [] }));
  for (const v of variants) {
    const { data } = await subjects[v.engine].render(v.format, true, {
      card: v.card,
      seq: 900_000_000 + contentSeq(0, v.card, v.format),
    });
    await check(`${v.engine} ${v.card}`, v.format, data, CARD_SIZE[v.card]);
    mkdirSync(join(here, 'out'), { recursive: true });
    writeFileSync(
      join(here, 'out', `fresh-${v.card}-${v.engine}.${v.format === 'jpeg' ? 'jpg' : v.format}`),
      data,
    );
  }
  const total = WARMUP + ROUNDS;
  for (let round = 0; round < total; round++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(round * 7 + k) % variants.length];
      const seq = contentSeq(round, v.card, v.format);
      const { ms, timings, size } = await subjects[v.engine].render(v.format, false, { card: v.card, seq });
      if (round >= WARMUP) {
        v.ms.push(ms);
        v.sizes.push(size);
        if (timings) v.timings.push({ ...timings, wall: ms });
      }
    }
    if ((round + 1) % 20 === 0)
      console.error(`${label}: round ${round + 1}/${total}, load ${fmt(load1(), 2)}`);
  }
  return variants;
}

const median = (xs) => quantile(xs, 0.5);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

function latencyTable(variants) {
  const get = (card, format, engine) =>
    variants.find((v) => v.card === card && v.format === format && v.engine === engine);
  const cell = (v) =>
    v ? `${fmt(median(v.ms))} / ${fmt(quantile(v.ms, 0.95))} / ${fmt(quantile(v.ms, 0.99))}` : '–';
  const rows = [];
  for (const card of CARDS) {
    for (const format of FORMATS) {
      const [p, c, o, t] = ENGINES.map((e) => get(card, format, e));
      rows.push([
        card,
        format,
        cell(p),
        cell(c),
        cell(o),
        cell(t),
        `**${fmt(median(p.ms) / median(c.ms), 2)}**`,
        `**${fmt(median(p.ms) / median(t.ms), 2)}**`,
        `${kb(mean(p.sizes))} / ${kb(mean(c.sizes))} (${fmt((mean(p.sizes) / mean(c.sizes) - 1) * 100, 0)}%)`,
      ]);
    }
  }
  return markdownTable(
    [
      'card',
      'format',
      'Pictor median / p95 / p99 ms',
      'careful',
      '@vercel/og',
      'Takumi',
      'Pictor / careful (median)',
      'Pictor / Takumi',
      'bytes Pictor / careful',
    ],
    rows,
  );
}

function stageTable(variants) {
  const rows = [];
  for (const card of CARDS) {
    for (const format of FORMATS) {
      const t = variants.find((v) => v.card === card && v.format === format && v.engine === 'pictor').timings;
      const stage = (k) => mean(t.map((x) => x[k]));
      const share = (k) => `${fmt(stage(k), 1)} (${fmt((stage(k) / stage('total')) * 100, 0)}%)`;
      rows.push([
        card,
        format,
        ...['parse', 'resources', 'layout', 'raster', 'encode'].map(share),
        fmt(stage('total'), 1),
        fmt(mean(t.map((x) => x.wall - x.total)), 2),
      ]);
    }
  }
  return markdownTable(
    ['card', 'format', 'parse', 'resources', 'layout', 'raster', 'encode', 'total', 'worker hop'],
    rows,
  );
}

async function phaseInproc(assets) {
  const subjects = {};
  for (const name of ENGINES) subjects[name] = local(await createEngine(name, assets));
  const variants = await latency(subjects, 'one process');
  for (const s of Object.values(subjects)) await s.close();
  return variants;
}

async function phaseProcs() {
  const subjects = Object.fromEntries(
    ENGINES.map((name) => [name, engineProcess(name, {}, NODE_FLAGS, SCRIPT)]),
  );
  await Promise.all(Object.values(subjects).map((s) => s.ready));
  const variants = await latency(subjects, 'own processes');
  await Promise.all(Object.values(subjects).map((s) => s.close()));
  return variants;
}

/** Renders/s of one worker (2 in flight) against the default pool (2 per worker), alternating blocks, fresh content. */
async function phasePool() {
  const one = engineProcess('pictor-1w', {}, NODE_FLAGS, SCRIPT);
  const pool = engineProcess('pictor', {}, NODE_FLAGS, SCRIPT);
  await Promise.all([one.ready, pool.ready]);
  const poolWorkers = (await import('node:os')).availableParallelism();
  const sides = [
    { name: 'one worker', subject: one, workers: 1 },
    { name: `pool (${poolWorkers} workers)`, subject: pool, workers: poolWorkers },
  ];
  let seq = 2_000_000;
  const card = 'reference';
  const rows = [];
  const ratios = [];
  // Each worker first renders POOL_WARMUP fresh cards, as the workers of a server that has been up a while have:
  // until then V8 is still optimising (its compiler threads took 12.8 ms a render over renders 10–210 of a worker,
  // 0.4 ms after 600) and those threads take the second core from a lone worker for free, but not from the pool.
  for (const side of sides) {
    for (const format of FORMATS) {
      const renders = Math.ceil(POOL_WARMUP / FORMATS.length) * side.workers;
      await side.subject.block(format, 0, 2 * side.workers, renders, { card, seqStart: seq });
      seq += renders + 1000;
    }
  }
  for (const format of FORMATS) {
    for (const side of sides) {
      await side.subject.block(format, 0, 2 * side.workers, (quick ? 4 : 60) * side.workers, {
        card,
        seqStart: seq,
      });
      seq += 1000;
    }
    const ms = sides.map(() => 0);
    const cpuMs = sides.map(() => 0);
    for (let b = 0; b < BLOCKS; b++) {
      for (const s of b % 2 ? [1, 0] : [0, 1]) {
        const side = sides[s];
        const answer = await side.subject.block(format, BLOCK_SIZE, 2 * side.workers, 4 * side.workers, {
          card,
          seqStart: seq,
        });
        seq += 1000;
        ms[s] += answer.ms;
        cpuMs[s] += answer.cpuMs;
      }
    }
    const rate = ms.map((x) => (BLOCKS * BLOCK_SIZE * 1000) / x);
    // Cores: CPU time of the side's process and its workers (all threads) per wall second of its blocks. A lone
    // worker already uses more than one core (the encoder's threads, the parent), which caps what a pool of two
    // can add: 2 / (one worker's cores) × the pool's share of its two cores.
    const cores = cpuMs.map((cpu, s) => cpu / ms[s]);
    const perCore = rate.map((r, s) => r / cores[s]);
    rows.push([
      format,
      `${fmt(rate[0])} (${fmt(cores[0], 2)} cores)`,
      `${fmt(rate[1])} (${fmt(cores[1], 2)} cores)`,
      `**${fmt(rate[1] / rate[0], 2)}×**`,
      `${fmt(poolWorkers / cores[0], 2)}×`,
      `${fmt(perCore[1] / perCore[0], 2)}`,
    ]);
    ratios.push([format, rate[1] / rate[0]]);
    console.error(
      `pool ${format}: ${fmt(rate[0])} vs ${fmt(rate[1])}/s on ${fmt(cores[0], 2)} vs ${fmt(cores[1], 2)} cores`,
    );
  }
  await Promise.all([one.close(), pool.close()]);
  return {
    table: markdownTable(
      [
        'format',
        'one worker, renders/s (cores used)',
        `pool of ${poolWorkers}, renders/s (cores used)`,
        'pool / one',
        `ceiling: ${poolWorkers} / one worker's cores`,
        'renders per core-second, pool / one',
      ],
      rows,
    ),
    ratios,
  };
}

/**
 * The same content again and again (what run.mjs measures): Pictor, careful and Takumi on the reference card, each in
 * its own process, interleaved; and beside them Pictor on fresh content in the same rotation, so the stages of
 * identical and fresh renders are compared in one run.
 */
async function phaseRepeat() {
  const sides = [
    { key: 'pictor', engine: 'pictor', fresh: false },
    { key: 'pictor-fresh', engine: 'pictor', fresh: true },
    { key: 'careful', engine: 'careful', fresh: false },
    { key: 'takumi', engine: 'takumi', fresh: false },
  ];
  const subjects = Object.fromEntries(
    ['pictor', 'careful', 'takumi'].map((name) => [name, engineProcess(name, {}, NODE_FLAGS, SCRIPT)]),
  );
  await Promise.all(Object.values(subjects).map((s) => s.ready));
  const samples = {};
  const n = quick ? 5 : 60;
  let seq = 4_000_000;
  for (let round = 0; round < 20 + n; round++) {
    for (const format of FORMATS) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const { ms, timings } = await subjects[side.engine].render(format, false, {
          card: 'reference',
          seq: side.fresh ? seq++ : 123_456_789,
        });
        if (round < 20) continue;
        const key = `${side.key} ${format}`;
        samples[key] ??= { ms: [], raster: [], layout: [] };
        samples[key].ms.push(ms);
        if (timings) {
          samples[key].raster.push(timings.raster);
          samples[key].layout.push(timings.layout);
        }
      }
    }
  }
  await Promise.all(Object.values(subjects).map((s) => s.close()));
  return FORMATS.map((format) => {
    const p = samples[`pictor ${format}`];
    const f = samples[`pictor-fresh ${format}`];
    const c = samples[`careful ${format}`];
    const t = samples[`takumi ${format}`];
    return `${format} Pictor ${fmt(median(p.ms))} ms / careful ${fmt(median(c.ms))} / Takumi ${fmt(median(t.ms))} (ratios ${fmt(median(p.ms) / median(c.ms), 2)} / ${fmt(median(p.ms) / median(t.ms), 2)}); Pictor identical vs fresh in the same rotation: total ${fmt(median(p.ms))} vs ${fmt(median(f.ms))}, layout ${fmt(median(p.layout))} vs ${fmt(median(f.layout))}, raster ${fmt(median(p.raster))} vs ${fmt(median(f.raster))} ms`;
  }).join('; ');
}

/**
 * Device scale and big images: one worker (`workers: 1`), the reference card at scale 1 and 2 and the reference
 * card's template at 4096×2160, all three interleaved in one process (time); then each size alone in a process of
 * its own (peak RSS of its worker process, VmHWM).
 */
async function phaseScale() {
  const cases = [
    { name: 'reference 1200×630, scale 1', size: { width: 1200, height: 630 }, pixels: '1200×630' },
    {
      name: 'reference 1200×630, scale 2',
      size: { width: 1200, height: 630 },
      scale: 2,
      pixels: '2400×1260',
    },
    { name: '4096×2160, scale 1', size: { width: 4096, height: 2160 }, pixels: '4096×2160' },
  ];
  const timing = engineProcess('pictor-1w', {}, NODE_FLAGS, SCRIPT);
  await timing.ready;
  const rounds = quick ? 3 : 20;
  const results = cases.map(() => Object.fromEntries(FORMATS.map((f) => [f, { ms: [], timings: [] }])));
  let seq = 3_000_000;
  for (let round = 0; round < 5 + rounds; round++) {
    for (const [i, c] of cases.entries()) {
      for (const format of FORMATS) {
        const { ms, timings } = await timing.render(format, false, {
          card: 'reference',
          seq: seq++,
          size: c.size,
          scale: c.scale,
        });
        if (round >= 5) {
          results[i][format].ms.push(ms);
          results[i][format].timings.push(timings);
        }
      }
    }
  }
  await timing.close();
  const peaks = [];
  for (const c of cases) {
    const probe = engineProcess('pictor-1w', {}, NODE_FLAGS, SCRIPT);
    await probe.ready;
    for (let i = 0; i < (quick ? 2 : 10); i++) {
      for (const format of FORMATS) {
        await probe.render(format, false, { card: 'reference', seq: seq++, size: c.size, scale: c.scale });
      }
    }
    const after = (await probe.ask({ type: 'peaks' })).peaks[0];
    peaks.push({ after });
    await probe.close();
  }
  const base = results[0];
  const rows = cases.flatMap((c, i) =>
    FORMATS.map((format) => {
      const r = results[i][format];
      const t = (k) => fmt(median(r.timings.map((x) => x[k])), 1);
      return [
        c.name,
        c.pixels,
        format,
        fmt(median(r.ms)),
        fmt(quantile(r.ms, 0.95)),
        `${fmt(median(r.ms) / median(base[format].ms), 2)}×`,
        `${t('layout')} / ${t('raster')} / ${t('encode')}`,
        format === 'png' ? fmt(peaks[i].after, 0) : '″',
      ];
    }),
  );
  return markdownTable(
    [
      'render',
      'pixels',
      'format',
      'median ms',
      'p95 ms',
      'vs scale 1',
      'layout / raster / encode (median ms)',
      'worker peak RSS MiB (VmHWM after 10 renders per format; workers start on the first render)',
    ],
    rows,
  );
}

/**
 * A/B of one setting on fresh content (`--only ab --env-b K=V [--env-a K=V] [--cards reference,photos]
 * [--formats png,webp] --rounds N`): two Pictor processes (`createRenderer()` defaults) that differ only in their
 * environment, rendering the same fresh contents in alternation (the order swapping every round). Prints per card
 * and format the median of each side, B / A, the stage medians and the output sizes.
 */
async function phaseAb() {
  const envOf = (pairs) =>
    Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
  const sides = [
    { name: 'A', subject: engineProcess('pictor', envOf(args['env-a']), NODE_FLAGS, SCRIPT) },
    { name: 'B', subject: engineProcess('pictor', envOf(args['env-b']), NODE_FLAGS, SCRIPT) },
  ];
  await Promise.all(sides.map((s) => s.subject.ready));
  const cards = args.cards ? args.cards.split(',') : CARDS;
  const formats = args.formats ? args.formats.split(',') : FORMATS;
  const cases = cards.flatMap((card) => formats.map((format) => ({ card, format })));
  const samples = {};
  if (CONCURRENCY > 1) return abSaturated(sides, cases);
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const { card, format } of cases) {
      const seq = 5_000_000 + contentSeq(round, card, format);
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const { ms, timings, size } = await side.subject.render(format, false, { card, seq });
        if (round < WARMUP) continue;
        const key = `${card} ${format} ${side.name}`;
        samples[key] ??= { ms: [], layout: [], raster: [], encode: [], size: [] };
        const x = samples[key];
        x.ms.push(ms);
        x.layout.push(timings.layout);
        x.raster.push(timings.raster);
        x.encode.push(timings.encode);
        x.size.push(size);
      }
    }
  }
  await Promise.all(sides.map((s) => s.subject.close()));
  const rows = cases.map(({ card, format }) => {
    const a = samples[`${card} ${format} A`];
    const b = samples[`${card} ${format} B`];
    const st = (x) => `${fmt(median(x.layout))} / ${fmt(median(x.raster))} / ${fmt(median(x.encode))}`;
    return [
      card,
      format,
      fmt(median(a.ms)),
      fmt(median(b.ms)),
      `**${fmt(median(b.ms) / median(a.ms), 3)}**`,
      st(a),
      st(b),
      `${kb(mean(a.size))} / ${kb(mean(b.size))} (${fmt((mean(b.size) / mean(a.size) - 1) * 100, 1)}%)`,
    ];
  });
  return markdownTable(
    [
      'card',
      'format',
      'A median ms',
      'B median ms',
      'B / A',
      'A layout / raster / encode',
      'B',
      'bytes A / B',
    ],
    rows,
  );
}

/**
 * The A/B with the pool saturated (`--concurrency N`, N > 1): per round, card and format, each side renders a block
 * of 4 × N fresh contents with N in flight (the sides in alternation, the order swapping every round); ms per render
 * = the block's time / its renders. Prints per card and format the median ms per render of each side and B / A.
 */
async function abSaturated(sides, cases) {
  const perBlock = 4 * CONCURRENCY;
  const samples = {};
  let seq = 6_000_000;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const { card, format } of cases) {
      const start = seq;
      seq += perBlock;
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const { ms } = await side.subject.block(format, perBlock, CONCURRENCY, 0, { card, seqStart: start });
        if (round < WARMUP) continue;
        const key = `${card} ${format} ${side.name}`;
        samples[key] ??= [];
        samples[key].push(ms / perBlock);
      }
    }
    if ((round + 1) % 10 === 0) console.error(`ab saturated: round ${round + 1}/${WARMUP + ROUNDS}`);
  }
  await Promise.all(sides.map((s) => s.subject.close()));
  const rows = cases.map(({ card, format }) => {
    const a = median(samples[`${card} ${format} A`]);
    const b = median(samples[`${card} ${format} B`]);
    return [card, format, fmt(a, 2), fmt(b, 2), `**${fmt(b / a, 3)}**`];
  });
  return markdownTable(
    [
      'card',
      'format',
      `A ms per render (${CONCURRENCY} in flight)`,
      `B ms per render (${CONCURRENCY} in flight)`,
      'B / A',
    ],
    rows,
  );
}

async function main() {
  const startedAt = new Date();
  const machine = machineLine();
  const loads = { start: load1() };
  const assets = await loadAssets();
  console.error(`${machine}; photos ${kb(assets.photoBytes)}, avatar ${kb(assets.avatarBytes)}`);
  const out = {};
  if (PHASES.includes('ab')) {
    console.log(
      `A ${JSON.stringify(args['env-a'])} B ${JSON.stringify(args['env-b'])}, ${CONCURRENCY} in flight, load ${fmt(load1(), 2)}`,
    );
    console.log(await phaseAb());
    console.log(`load at the end ${fmt(load1(), 2)}`);
  }
  if (PHASES.includes('tunings')) {
    const names = args.tunings ? args.tunings.split(',') : TUNING_NAMES;
    const { table, samples } = await phaseTunings({
      createRenderer,
      names,
      assets,
      warmup: Number(args.warmup ?? (quick ? 1 : 6)),
      rounds: Number(args.rounds ?? (quick ? 2 : 20)),
    });
    console.log(
      `\n### Tunings, each switched off (${startedAt.toISOString()}, ${machine}, load ${fmt(load1(), 2)} at the end)\n\n${table}`,
    );
    if (args.samples) writeFileSync(args.samples, JSON.stringify(samples));
  }
  if (PHASES.includes('inproc')) {
    out.inproc = await phaseInproc(assets);
    loads.inproc = load1();
    console.log(`\n### One process\n\n${latencyTable(out.inproc)}\n\n${stageTable(out.inproc)}`);
  }
  if (PHASES.includes('procs')) {
    out.procs = await phaseProcs();
    loads.procs = load1();
    console.log(`\n### Own processes\n\n${latencyTable(out.procs)}\n\n${stageTable(out.procs)}`);
  }
  if (PHASES.includes('pool')) {
    const pool = await phasePool();
    out.pool = pool.table;
    out.poolRatios = pool.ratios;
    loads.pool = load1();
    console.log(`\n### Pool\n\n${out.pool}`);
  }
  if (PHASES.includes('repeat')) {
    out.repeat = await phaseRepeat();
    loads.repeat = load1();
    console.log(`\nIdentical repeat: ${out.repeat}`);
  }
  if (PHASES.includes('scale')) {
    out.scale = await phaseScale();
    loads.scale = load1();
    console.log(`\n### Scale\n\n${out.scale}`);
  }
  const complete = ['inproc', 'procs', 'pool', 'repeat', 'scale'].every((p) => PHASES.includes(p));
  if (!quick && complete && !args['no-write']) {
    writeSection(buildSection({ startedAt, machine, loads, out, assets }));
  }
}

function targetTable(out) {
  const med = (variants, engine, format, card = 'reference') =>
    median(variants.find((v) => v.card === card && v.format === format && v.engine === engine).ms);
  const size = (variants, engine, format) =>
    mean(variants.find((v) => v.card === 'reference' && v.format === format && v.engine === engine).sizes);
  const mark = (ok) => (ok ? '**met**' : '**not met**');
  const rows = [];
  for (const [format, goal] of [
    ['webp', 0.5],
    ['jpeg', 0.6],
    ['png', 0.6],
  ]) {
    const r = (v) => med(v, 'pictor', format) / med(v, 'careful', format);
    const extra =
      format === 'webp'
        ? `; file ${fmt((size(out.inproc, 'pictor', 'webp') / size(out.inproc, 'careful', 'webp') - 1) * 100, 1)}% vs careful (≤ 10%)`
        : '';
    const ok =
      r(out.inproc) <= goal &&
      (format !== 'webp' || size(out.inproc, 'pictor', 'webp') <= 1.1 * size(out.inproc, 'careful', 'webp'));
    rows.push([
      `${format} ≤ ${goal}× careful`,
      `${fmt(r(out.inproc), 2)} (${fmt(r(out.procs), 2)})${extra}`,
      mark(ok),
    ]);
  }
  for (const format of FORMATS) {
    const r = (v) => med(v, 'pictor', format) / med(v, 'takumi', format);
    rows.push([
      `${format} within 2.5× Takumi`,
      `${fmt(r(out.inproc), 2)} (${fmt(r(out.procs), 2)})`,
      mark(r(out.inproc) <= 2.5),
    ]);
  }
  rows.push([
    'pool ≥ 1.8× one worker (fresh content)',
    out.poolRatios.map(([f, x]) => `${f} ${fmt(x, 2)}×`).join(', '),
    mark(out.poolRatios.every(([, x]) => x >= 1.8)),
  ]);
  return markdownTable(['target', 'measured', 'result'], rows);
}

function buildSection({ startedAt, machine, loads, out, assets }) {
  const loadLine = Object.entries(loads)
    .map(([phase, l]) => `${phase} ${fmt(l, 2)}`)
    .join(', ');
  return [
    '## Fresh content (issue 18)',
    '',
    `Command: \`node benchmarks/render/fresh.mjs${process.argv
      .slice(2)
      .map((a) => ` ${a}`)
      .join('')}\` · ${startedAt.toISOString()}`,
    '',
    `Machine: ${machine}. Load average (1 min) at the start and after each phase: ${loadLine}.`,
    '',
    `Every measured render has content no earlier render had: a template filled with a new title, name and date (the document: also new lines; the CJK card: new words and emoji) for every round, card and format. ${WARMUP} warm-up rounds (fresh content too, as a long-running server has had), then ${ROUNDS} measured rounds over every variant, round-robin with a rotating start. Cards: the reference card 1200×630 (gradient, avatar ${kb(assets.avatarBytes)} JPEG); a document 800×1200, 40 lines; an image-heavy square 1080×1080 with four 640×480 photo-like JPEGs (${kb(assets.photoBytes)} together) drawn with \`object-fit: cover\`; a CJK + emoji card 1200×630 (Noto Sans SC, Twemoji). Pictor: \`createRenderer()\` defaults (a worker process per core). careful: satori-html \`html([s])\` + satori + resvg \`asPng()\` + sharp (webp/jpeg q80 at sharp's default effort), emoji through a \`loadAdditionalAsset\` of Twemoji. @vercel/og: png of the reference card only (its WebAssembly resvg took seconds per document render here, and it fetches emoji from a CDN). Takumi: Inter and Noto Sans SC registered once (no colour-emoji font). Times are measured around each engine's render call (Pictor: the round trip through its worker).`,
    '',
    '### Every engine in one process, interleaved',
    '',
    latencyTable(out.inproc),
    '',
    '### Targets (issue 18), reference card, from the one-process run (each engine in its own process in brackets)',
    '',
    targetTable(out),
    '',
    '### Each engine in a process of its own, driven in alternation',
    '',
    latencyTable(out.procs),
    '',
    "### Where Pictor's time goes on fresh content (mean ms and share, `RenderResult.timings`, one process run)",
    '',
    stageTable(out.inproc),
    '',
    `### Pool throughput with fresh content (reference card; ${BLOCKS} alternating blocks of ${BLOCK_SIZE} per side after ${POOL_WARMUP} fresh warm-up renders per worker, then 60 more per format; 2 in flight per worker)`,
    '',
    out.pool,
    '',
    `Identical repeat (the same content every render, reference card, own processes; medians, Pictor / careful / Takumi and the ratios; **not** the result): ${out.repeat}.`,
    '',
    '### Device scale and a big image (one worker, fresh content; times interleaved in one process, memory each case alone)',
    '',
    out.scale,
  ].join('\n');
}

/** Replace (or add) the "Fresh content" section of render/RESULTS.md. */
function writeSection(section) {
  const file = join(here, 'RESULTS.md');
  let text = readFileSync(file, 'utf8');
  const start = text.indexOf('## Fresh content (issue 18)');
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + 5);
    text = text.slice(0, start) + (next < 0 ? '' : text.slice(next + 1));
  }
  text = `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
  console.error(`written: ${file}`);
}

if (args['engine-child']) await engineChild(args['engine-child']);
else {
  relaunchWithNodeFlags();
  await main();
}
