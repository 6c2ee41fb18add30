/**
 * Render benchmark of the reference card: Pictor (one worker and the default pool) beside the naive
 * satori + resvg + sharp pipeline, @vercel/og and Takumi, all in ONE run, interleaved round-robin. Each engine
 * renders in a child process of its own (one renderer per process, as users run it); this process drives them.
 *
 *   node benchmarks/render/run.mjs            # 300 warm-up renders per engine, worker and format, then 10
 *                                             # throughput rounds and 30 + 100 latency rounds; writes RESULTS.md
 *   node benchmarks/render/run.mjs --quick    # smoke run (3 + 10 rounds), prints only
 *
 * Both end with three lines: Pictor against the naive pipeline and @vercel/og, against Takumi, the pool against one
 * worker.
 *
 * Options: --warmup N, --iterations N, --blocks N (throughput rounds, default 10), --block-size N (default 48),
 * --block-warmup N, --steady-warmup N, --no-write, --no-memory (skip the per-engine memory processes).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { treeCpuMs, treePeakRssMiB } from '../lib/process-tree.mjs';
import { fmt, kb, load1, machineLine, markdownTable, peakRssMiB, summarize } from '../lib/report.mjs';
import { cardHtml, createAvatar, loadInterFonts } from './card.mjs';
import { NODE_FLAGS } from '../lib/node-flags.mjs';
import { engineProcess } from './engine-process.mjs';
import { createNaive, createPictor, createTakumi, createVercelOg } from './engines.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const FORMATS = ['png', 'jpeg', 'webp'];
const EXT = { png: 'png', jpeg: 'jpg', webp: 'webp' };

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    warmup: { type: 'string' },
    iterations: { type: 'string' },
    blocks: { type: 'string' },
    'block-size': { type: 'string' },
    'steady-warmup': { type: 'string' },
    'block-warmup': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    'memory-probe': { type: 'string' },
    'engine-child': { type: 'string' },
    'no-memory': { type: 'boolean', default: false },
  },
});

const quick = args.quick;
const WARMUP = Number(args.warmup ?? (quick ? 3 : 30));
const ITERATIONS = Number(args.iterations ?? (quick ? 10 : 100));
// Throughput rounds and renders per block. This VM's two vCPUs are shared with other machines: a block of the pool
// gave anywhere from 22 to 31 renders/s within one hour, and the pool ratio of four 192-render measurements in one
// run spread from 1.76 to 1.94 (2026-11-23). Ten blocks of 48 per side and format (~4 minutes in all) average
// that out better than the earlier six of 24.
const BLOCKS = Number(args.blocks ?? (quick ? 1 : 10));
const BLOCK_SIZE = Number(args['block-size'] ?? (quick ? 8 : 48));
// Renders per worker and format before anything is measured, for every engine alike, so each reaches the steady
// state of a long-running service. V8 keeps optimising satori's code for the first few hundred renders of a
// thread: V8's background threads (JIT and GC) took 7–8 ms per render after 40 renders and 3.3 ms after 250
// (per-thread CPU from /proc, 2026-11-23), and each pool worker compiles its own copy. With 60 per format the
// pool measured 22.5 renders/s beside 15.7 for one worker; with 300, 31.6–33.6 beside 14.8–16.1 (ab.mjs).
const STEADY_WARMUP = Number(args['steady-warmup'] ?? (quick ? 2 : 300));
// Unmeasured renders per worker right before every measured block. A worker that sat idle while the other sides
// ran is slower for its first few renders (V8 shrank its heap and started a memory-reducing GC while it waited):
// without this, a block of 24 renders charges that restart once per worker — twice to a pool of two — and the
// pool's ratio drops from ~1.8× to ~1.5× (measured side by side, 2026-11-22). Every side gets the same per worker.
const BLOCK_WARMUP = Number(args['block-warmup'] ?? (quick ? 1 : 4));

/** The card, its avatar and fonts, built the same way for every process of the run. */
async function setup() {
  const avatar = await createAvatar();
  const html = cardHtml(`data:image/jpeg;base64,${avatar.toString('base64')}`);
  return { avatar, html, fonts: loadInterFonts() };
}

/** Run `total` renders keeping `concurrency` in flight; returns the elapsed ms. */
async function runBlock(render, total, concurrency) {
  let started = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (started < total) {
      started++;
      await render();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return performance.now() - t0;
}

/** One engine by name (`none` → undefined), built from the card and fonts the same way in every process. */
async function createEngine(engine, html, fonts) {
  if (engine === 'pictor-1w') return createPictor(html, 1);
  if (engine === 'pictor-pool') return createPictor(html, undefined);
  if (engine === 'naive') return createNaive(html, fonts);
  if (engine === 'vercel-og') return createVercelOg(html, fonts);
  if (engine === 'takumi') return createTakumi(html, fonts);
  if (engine !== 'none') throw new Error(`unknown engine ${engine}`);
  return undefined;
}

/** Child-process mode: render with one engine only and print its peak RSS (MiB, with its worker processes) as JSON. */
async function memoryProbe(engine) {
  const { html, fonts } = await setup();
  const before = peakRssMiB();
  const subject = await createEngine(engine, html, fonts);
  const formats = engine === 'vercel-og' ? ['png'] : FORMATS;
  const concurrency = engine === 'pictor-pool' ? subject.workers * 2 : 1;
  let peakMiB = peakRssMiB();
  if (subject) {
    for (const format of formats) {
      await runBlock(() => subject.render(format), 40, concurrency);
    }
    // Before close: worker processes count with their peaks while they live.
    peakMiB = treePeakRssMiB();
    await subject.close();
  }
  process.stdout.write(`${JSON.stringify({ engine, setupMiB: before, peakMiB })}\n`);
}

/**
 * Child-process mode for the timed phases: one engine alone in its own process (as users run it: no other
 * engine's heap, threads or idle workers beside it), driven over IPC. `render` renders once and answers the ms
 * measured here (and the bytes when asked); `block` runs `warm` unmeasured renders, then `total` measured ones,
 * and answers the elapsed ms and this process's CPU ms (all threads) for the measured part.
 */
async function engineChild(engine) {
  const { html, fonts } = await setup();
  const subject = await createEngine(engine, html, fonts);
  process.on('message', async (message) => {
    if (message.type === 'close') {
      await subject.close();
      process.disconnect();
      return;
    }
    if (message.type === 'render') {
      const t0 = performance.now();
      const { data, timings } = await subject.render(message.format);
      const ms = performance.now() - t0;
      const bytes = message.withData ? Buffer.from(data).toString('base64') : undefined;
      process.send({ type: 'done', ms, timings, bytes, size: data.length });
      return;
    }
    const render = () => subject.render(message.format);
    if (message.warm > 0) await runBlock(render, message.warm, message.concurrency);
    // CPU of the whole engine: this process and its worker processes (Pictor's default), all threads.
    const before = treeCpuMs();
    const ms = message.total > 0 ? await runBlock(render, message.total, message.concurrency) : 0;
    process.send({ type: 'done', ms, cpuMs: treeCpuMs() - before });
  });
  process.send({ type: 'ready', workers: subject.workers ?? 1 });
}

/** Peak RSS of each engine alone, each in its own process (same imports, same card). */
function measureMemory() {
  const engines = ['none', 'pictor-1w', 'pictor-pool', 'naive', 'vercel-og', 'takumi'];
  const out = {};
  for (const engine of engines) {
    const child = spawnSync(
      process.execPath,
      [...NODE_FLAGS, fileURLToPath(import.meta.url), '--memory-probe', engine],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (child.status !== 0) throw new Error(`memory probe ${engine} failed: ${child.stderr}`);
    out[engine] = JSON.parse(child.stdout.trim().split('\n').at(-1));
  }
  return out;
}

/** Decode an output and check it is the asked format at 1200×630 (a benchmark of broken images is worthless). */
async function checkOutput(name, format, data) {
  const meta = await sharp(data).metadata();
  if (meta.format !== format || meta.width !== 1200 || meta.height !== 630) {
    throw new Error(`${name}: expected ${format} 1200×630, got ${meta.format} ${meta.width}×${meta.height}`);
  }
}

async function main() {
  const startedAt = new Date();
  const loadStart = load1();
  const machine = machineLine();
  const { html, avatar } = await setup();
  console.error(`card: ${html.length} characters of HTML, avatar ${kb(avatar.length)} JPEG; ${machine}`);

  // Every engine runs in a process of its own (one renderer per process, as users run it); this process only
  // drives them, in alternation, so no engine's heap, GC threads or idle workers sit beside another's renders.
  const pictor1 = engineProcess('pictor-1w');
  const pictorPool = engineProcess('pictor-pool');
  const naive = engineProcess('naive');
  const og = engineProcess('vercel-og');
  const takumi = engineProcess('takumi');
  const poolWorkers = (await pictorPool.ready).workers;
  await Promise.all([pictor1.ready, naive.ready, og.ready, takumi.ready]);

  const variants = [
    ...FORMATS.map((format) => ({ engine: 'Pictor (1 worker)', key: 'pictor', format, subject: pictor1 })),
    ...FORMATS.map((format) => ({
      engine: 'naive satori+resvg+sharp',
      key: 'naive',
      format,
      subject: naive,
    })),
    { engine: '@vercel/og 0.11', key: 'og', format: 'png', subject: og },
    ...FORMATS.map((format) => ({ engine: 'Takumi 2.16', key: 'takumi', format, subject: takumi })),
  ];
  for (const v of variants) {
    v.samples = [];
    v.timings = [];
  }

  // Correctness first: every output decodes as the asked format at the asked size; keep them to look at.
  const outDir = join(here, 'out');
  mkdirSync(outDir, { recursive: true });
  for (const v of variants) {
    const { data } = await v.subject.render(v.format, true);
    await checkOutput(`${v.key} ${v.format}`, v.format, data);
    v.bytes = data.length;
    writeFileSync(join(outDir, `${v.key}.${EXT[v.format]}`), data);
  }

  // Throughput: blocks of renders with the pipe kept full, alternating one worker and the pool (and Takumi at
  // concurrency 1 and one per core×2), so drifting machine load hits both sides of each ratio alike.
  console.error(`steady-state warm-up: ${STEADY_WARMUP} renders per worker and format`);
  for (const format of FORMATS) {
    await pictor1.block(format, 0, 2, STEADY_WARMUP);
    await pictorPool.block(format, 0, poolWorkers * 2, STEADY_WARMUP * poolWorkers);
    await takumi.block(format, 0, poolWorkers * 2, STEADY_WARMUP);
    // The engines measured only for latency get the same warm-up.
    await naive.block(format, 0, 1, STEADY_WARMUP);
    if (format === 'png') await og.block(format, 0, 1, STEADY_WARMUP);
  }
  console.error(
    `throughput: ${BLOCKS} rounds × ${BLOCK_SIZE} renders per side and format, each block after ${BLOCK_WARMUP} unmeasured renders per worker`,
  );
  const throughput = [];
  for (const format of FORMATS) {
    const sides = [
      { engine: 'Pictor', label: '1 worker', workers: 1, concurrency: 2, runner: pictor1 },
      {
        engine: 'Pictor',
        label: `pool (${poolWorkers} workers)`,
        workers: poolWorkers,
        concurrency: poolWorkers * 2,
        runner: pictorPool,
      },
      {
        engine: 'Takumi',
        label: '1 in flight',
        workers: 1,
        concurrency: 1,
        runner: takumi,
      },
      {
        engine: 'Takumi',
        label: `${poolWorkers * 2} in flight`,
        workers: poolWorkers,
        concurrency: poolWorkers * 2,
        runner: takumi,
      },
    ];
    for (const side of sides) await side.runner.block(format, 0, side.concurrency, Math.min(4, BLOCK_SIZE));
    const elapsed = sides.map(() => 0);
    const cpu = sides.map(() => 0);
    for (let b = 0; b < BLOCKS; b++) {
      for (let s = 0; s < sides.length; s++) {
        const side = sides[s];
        const { ms, cpuMs } = await side.runner.block(
          format,
          BLOCK_SIZE,
          side.concurrency,
          BLOCK_WARMUP * side.workers,
        );
        elapsed[s] += ms;
        cpu[s] += cpuMs;
      }
    }
    const rate = elapsed.map((ms) => (BLOCKS * BLOCK_SIZE * 1000) / ms);
    // CPU time of the side's process (all threads) per wall second: how many cores the side actually got.
    const cores = cpu.map((ms, i) => ms / elapsed[i]);
    throughput.push({ format, sides, rate, cores });
  }
  await pictorPool.close();
  const loadAfterThroughput = load1();

  // Latency: one render at a time, round-robin over all variants; the starting variant rotates each round
  // so no variant always follows the same neighbour.
  console.error(`latency: ${WARMUP} warm-up + ${ITERATIONS} measured rounds × ${variants.length} variants`);
  for (let round = 0; round < WARMUP + ITERATIONS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(round + k) % variants.length];
      const { ms, timings } = await v.subject.render(v.format);
      if (round >= WARMUP) {
        v.samples.push(ms);
        if (timings) v.timings.push({ ...timings, wall: ms });
      }
    }
  }

  const loadEnd = load1();
  const mainPeak = peakRssMiB();
  await Promise.all([pictor1.close(), naive.close(), og.close(), takumi.close()]);

  console.error('memory: one process per engine');
  const memory = args['no-memory'] ? undefined : measureMemory();

  const report = buildReport({
    startedAt,
    machine,
    loads: { loadStart, loadAfterThroughput, loadEnd },
    variants,
    throughput,
    memory,
    mainPeak,
    poolWorkers,
    avatarBytes: avatar.length,
  });
  process.stdout.write(`${report}\n\n${summaryLines(variants, throughput, poolWorkers).join('\n')}\n`);
  if (!quick && !args['no-write']) {
    // The fresh-content section (fresh.mjs) is its own run: keep it.
    let kept = '';
    try {
      const previous = readFileSync(join(here, 'RESULTS.md'), 'utf8');
      const at = previous.indexOf('\n## Fresh content (issue 18)');
      if (at >= 0) kept = `\n${previous.slice(at).trimEnd()}\n`;
    } catch {}
    writeFileSync(join(here, 'RESULTS.md'), `${report}\n${kept}`);
    console.error(`written: ${join(here, 'RESULTS.md')}`);
  }
}

/** The run in three lines: against the naive pipeline and @vercel/og, against Takumi, the pool against one worker. */
function summaryLines(variants, throughput, poolWorkers) {
  const median = (key, format) =>
    summarize(variants.find((v) => v.key === key && v.format === format).samples).median;
  const asFast = (other, format) => fmt(median(other, format) / median('pictor', format), 2);
  const takumi = FORMATS.map(
    (format, i) =>
      `${fmt(median('pictor', format) / median('takumi', format), 2)}×${i === 0 ? " Takumi's" : ''} on ${format}`,
  );
  const webp = throughput.find((t) => t.format === 'webp');
  return [
    `On this machine Pictor renders the reference card ${asFast('naive', 'webp')}× as fast as naive satori + resvg + sharp (webp) and ${asFast('og', 'png')}× as fast as @vercel/og (png), median of one render at a time.`,
    `Against Takumi (native Rust), Pictor's median time is ${takumi.join(', ')}.`,
    `A pool of ${poolWorkers} workers renders ${fmt(webp.rate[1] / webp.rate[0], 2)}× as many webp cards a second as one worker (${fmt(webp.rate[1])} vs ${fmt(webp.rate[0])}).`,
  ];
}

function buildReport({
  startedAt,
  machine,
  loads,
  variants,
  throughput,
  memory,
  mainPeak,
  poolWorkers,
  avatarBytes,
}) {
  const find = (key, format) => variants.find((v) => v.key === key && v.format === format);
  const med = (key, format) => summarize(find(key, format).samples).median;

  const latencyRows = variants.map((v) => {
    const s = summarize(v.samples);
    const mean = v.samples.reduce((a, b) => a + b, 0) / v.samples.length;
    return [v.engine, v.format, fmt(s.median), fmt(s.p95), kb(v.bytes), fmt(1000 / mean, 1)];
  });

  const throughputRows = throughput.flatMap(({ format, rate, cores }) => [
    [
      format,
      'Pictor',
      fmt(rate[0]),
      fmt(rate[1]),
      `${fmt(rate[1] / rate[0], 2)}×`,
      `${fmt(cores[0], 2)} / ${fmt(cores[1], 2)}`,
    ],
    [
      format,
      'Takumi',
      fmt(rate[2]),
      fmt(rate[3]),
      `${fmt(rate[3] / rate[2], 2)}×`,
      `${fmt(cores[2], 2)} / ${fmt(cores[3], 2)}`,
    ],
  ]);

  // Means, not medians: means of the stages add up to the mean total, so the split is exact.
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  const stageRows = FORMATS.map((format) => {
    const t = find('pictor', format).timings;
    const stage = (k) => mean(t.map((x) => x[k]));
    const share = (k) => `${fmt(stage(k), 1)} (${fmt((stage(k) / stage('total')) * 100, 0)}%)`;
    return [
      format,
      fmt(stage('queue'), 2),
      ...['parse', 'resources', 'layout', 'raster', 'encode'].map(share),
      fmt(stage('total'), 1),
      fmt(mean(t.map((x) => x.wall - x.total)), 2),
      fmt(mean(t.map((x) => x.wall)), 1),
    ];
  });

  const webpSpeedup = med('naive', 'webp') / med('pictor', 'webp');
  const webpSize = find('pictor', 'webp').bytes / find('naive', 'webp').bytes;
  const pngVsOg = med('pictor', 'png') / med('og', 'png');
  const webpPool = throughput.find((t) => t.format === 'webp');
  const poolRatio = webpPool.rate[1] / webpPool.rate[0];
  const mark = (ok) => (ok ? '**met**' : '**not met**');
  const targetRows = [
    [
      '(a) webp ≥ 2× faster than naive, file ≤ 10% larger',
      `${fmt(webpSpeedup, 2)}× faster (naive ${fmt(med('naive', 'webp'))} ms / Pictor ${fmt(med('pictor', 'webp'))} ms); file ${fmt((webpSize - 1) * 100, 1)}% vs naive`,
      mark(webpSpeedup >= 2 && webpSize <= 1.1),
    ],
    [
      '(b) png no slower than @vercel/og',
      `Pictor ${fmt(med('pictor', 'png'))} ms / og ${fmt(med('og', 'png'))} ms = ${fmt(pngVsOg, 2)}`,
      mark(pngVsOg <= 1),
    ],
    [
      '(c) pool ≥ 1.8× one worker (webp renders/s)',
      `${fmt(webpPool.rate[1])} / ${fmt(webpPool.rate[0])} = ${fmt(poolRatio, 2)}× (png ${fmt(throughput[0].rate[1] / throughput[0].rate[0], 2)}×, jpeg ${fmt(throughput[1].rate[1] / throughput[1].rate[0], 2)}×)`,
      mark(poolRatio >= 1.8),
    ],
    ...FORMATS.map((format) => {
      const ratio = med('pictor', format) / med('takumi', format);
      return [
        `(d) ${format}: Pictor / Takumi median (goal ≤ 2)`,
        `${fmt(med('pictor', format))} / ${fmt(med('takumi', format))} = ${fmt(ratio, 2)}×`,
        ratio <= 2 ? 'within 2×' : 'reported (over 2×)',
      ];
    }),
  ];

  const none = memory?.none.peakMiB ?? 0;
  const memoryRows = Object.entries(memory ?? {}).map(([engine, m]) => [
    engine,
    fmt(m.peakMiB, 0),
    engine === 'none' ? '–' : `${m.peakMiB >= none ? '+' : ''}${fmt(m.peakMiB - none, 0)}`,
  ]);

  const n = variants[0].samples.length;
  return [
    '# Render benchmark: the reference card',
    '',
    `Command: \`pnpm bench\` (= \`node benchmarks/render/run.mjs\`${quick ? ' --quick' : ''}) · ${startedAt.toISOString()}`,
    '',
    `Machine: ${machine}. Load average (1 min) after the throughput phase ${fmt(loads.loadAfterThroughput, 2)}, after the latency phase ${fmt(loads.loadEnd, 2)}${loads.loadStart > 1.5 || loads.loadEnd > 1.5 ? ' — **the machine was shared with other jobs during this run; absolute numbers are inflated, the side-by-side ratios are what counts**' : ''}.`,
    '',
    `Card: 1200×630, linear-gradient background, 60-character bold 64px title on two lines, subtitle, 200×200 photo-like avatar as a data: URI (${kb(avatarBytes)} JPEG), rounded badge; Inter 400/700 for every engine; quality 80 for jpeg and webp. Every output is decoded and checked (format, 1200×630) before timing; the images are in \`benchmarks/render/out/\`.`,
    '',
    `## Latency (one render at a time; ${n} measured rounds after ${STEADY_WARMUP} warm-up renders per engine and format and ${WARMUP} warm-up rounds, round-robin across all variants)`,
    '',
    markdownTable(['engine', 'format', 'median ms', 'p95 ms', 'output', 'renders/s (1 thread)'], latencyRows),
    '',
    `Every engine renders in a process of its own (one renderer per process, as users run it), started as \`node ${NODE_FLAGS.join(' ')}\` for every engine alike (Pictor's recommended setting), driven in alternation by the benchmark process; each time is measured inside the engine's process around its render call, so Pictor times are the full round trip through its worker (queue, message, render, transfer back).`,
    '',
    `## Throughput (renders/s, ${BLOCKS} alternating blocks of ${BLOCK_SIZE} renders per side, pipe kept full, after ${STEADY_WARMUP} warm-up renders per worker and format; every block preceded by ${BLOCK_WARMUP} unmeasured renders per worker)`,
    '',
    markdownTable(
      [
        'format',
        'engine',
        'one worker / 1 in flight',
        `all cores (${poolWorkers} workers / ${poolWorkers * 2} in flight)`,
        'ratio',
        'CPU cores the process got (one / all)',
      ],
      throughputRows,
    ),
    '',
    "Pictor: `createRenderer({ workers: 1 })` with 2 renders in flight vs `createRenderer()` (one worker per core) with 2 per worker, each renderer alone in a child process of its own (as users run one renderer per process; no other engine, heap or idle worker beside it), the two driven in alternation over IPC; Pictor's workers are child processes of that process (its default, `isolation: 'process'`). Takumi renders on native threads from one JS thread, in a process of its own as well. The last column is the CPU time of the side's process and its worker processes (all threads) per wall second during the blocks: a pool can only scale as far as the machine gives it cores.",
    '',
    '## Targets (issue 2), from this run',
    '',
    markdownTable(['target', 'measured', 'result'], targetRows),
    '',
    "## Where Pictor's time goes (mean ms per stage and share of the total, `RenderResult.timings`, one worker)",
    '',
    markdownTable(
      [
        'format',
        'queue',
        'parse',
        'resources',
        'layout',
        'raster',
        'encode',
        'total',
        'round trip − total',
        'round trip',
      ],
      stageRows,
    ),
    '',
    '`round trip − total` is the cost of the worker hop: the input sent to the worker process, the result bytes coming back over IPC, promise wake-up.',
    '',
    '## Peak memory (max RSS, each engine alone in its own process — Pictor with its worker processes, their peaks added: 40 renders per format)',
    '',
    markdownTable(['engine', 'peak RSS MiB', 'over imports only'], memoryRows),
    '',
    '`none` is the same process (every engine imported, fonts read, avatar made with sharp) rendering nothing: the floor each row is compared with. An engine whose renders stay under that floor shows +0.',
    '',
    `The driving benchmark process (it renders nothing itself) peaked at ${fmt(mainPeak, 0)} MiB. Pictor's rows add its worker processes' peaks (each worker process loads the engine, its fonts and libvips: about 130 MiB before its first render) to the peak of the process that owns them.`,
  ].join('\n');
}

if (args['memory-probe']) await memoryProbe(args['memory-probe']);
else if (args['engine-child']) await engineChild(args['engine-child']);
else await main();
