/**
 * CPU time per render of every ordinary page we have (issue 41: "no render of an ordinary page over 1 s on one
 * core"): the TUNING cases of benchmarks/fidelity/wider (held-out cases are skipped by corpus-split.mjs' rule, never
 * rendered) and the real-world corpus, each rendered warm on one core.
 *
 * Each side runs in a child process of its own with a renderer on its main thread (`workers: 0`: one thread renders,
 * as one pool worker does, without the pool's messages), started with the Node flags that side's build gives its
 * worker processes (read from the command line of a real worker of a default renderer: `--single-threaded-gc`,
 * the heap's growing factor, V8's optimizing limit…), so each side's V8 works as its workers' does; `--plain` starts
 * both children without them (as this benchmark did before the seventh pass). In that child, performance.now — the clock Pictor's stage
 * timings read — is CPU time of the process (user + system, all its threads: the render's thread, libvips' encoder
 * threads, V8's GC helpers), so `RenderResult.timings` come out as CPU ms per stage; the wall time of each render is
 * measured beside it. CPU time is what means something on a shared machine: wall time grows with the load.
 *
 * Before the first case, each child warms its process up (`--process-warmup N`, default 8): one render each of N cases
 * spread evenly over the corpora (held-out cases never among them), so V8 has compiled the engine's hot code before
 * any case is measured, as in a pool worker that has served renders. Without it the first case measured carried the
 * process' own warm-up — V8 optimizing the engine's functions on its background threads, a young heap collected
 * more often — about 0.4–0.5 s CPU on each of the first renders (RESULTS.md, "Tenth pass: page CPU"): adminlte-invoice,
 * first by name, read 1,115 ms in the sweep and ~850 after other pages. The warm-up's CPU is printed; `--process-warmup
 * 0` measures as before.
 *
 * Per case: one warm-up render (fonts, per-worker sheet cache, glyph caches), then `--runs` renders, each with a
 * numbered paragraph no earlier render had as the first child of <body> (documents without a <body> — fragments —
 * repeat identical content; said in the output). Medians are printed.
 *
 * `--base DIR` (a packages/core folder with a dist/, e.g. a copy of main's) adds a second side: both children
 * render the same case, alternating render by render, and the ratio this build / base is printed per case, with the
 * base's parse, layout and raster CPU beside this build's.
 *
 *   node benchmarks/render/page-cpu.mjs [name-filter[,filter…]] [--corpus wider,real-world] [--runs 3] [--base DIR] [--over 1000]
 *     [--plain] [--every N] [--process-warmup 8]
 *
 * `--every N` renders every Nth case (by corpus and name) only: a sample of the corpora for a run that must be short.
 *
 * `--semi-space N[,M]` replaces V8's `--max-semi-space-size` in this build's child by N MB (0: V8's own, no flag) and,
 * with `--base`, in the base's by M (N when not given): with `--base` set to this build's own packages/core, the two
 * sides differ only in that flag (the worker option `workerSemiSpaceMb`). Each side's largest resident memory after a
 * render (RSS of its process, MiB) is printed beside its CPU.
 */
import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isHeldOut } from '../fidelity/corpus-split.mjs';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CORPORA = {
  wider: join(here, '../fidelity/wider'),
  'real-world': join(here, '../fidelity/real-world'),
};
const STAGES = ['parse', 'resources', 'layout', 'raster', 'encode'];

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    corpus: { type: 'string', default: 'wider,real-world' },
    runs: { type: 'string', default: '3' },
    base: { type: 'string' },
    over: { type: 'string', default: '1000' },
    child: { type: 'string' },
    plain: { type: 'boolean', default: false },
    every: { type: 'string', default: '1' },
    'process-warmup': { type: 'string', default: '8' },
    'semi-space': { type: 'string' },
  },
});

if (args.child !== undefined) await child(args.child);
else await parent();

/** A child: renders what the parent sends with the core of `coreDir`, the stage clock reading CPU time. */
async function child(coreDir) {
  const core = await import(pathToFileURL(join(coreDir, 'dist/index.js')).href);
  const wallNow = performance.now.bind(performance);
  const cpuNow = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  // Pictor's stage timings (render.ts) read performance.now: from here on they are CPU ms of this process.
  performance.now = cpuNow;
  const renderers = new Map();
  process.on('message', async ({ dir, html, width, height }) => {
    try {
      let renderer = renderers.get(dir);
      if (!renderer) {
        for (const r of renderers.values()) await r.close();
        renderers.clear();
        // Generous limits: this measures the cost; the limits are not what is under test.
        renderer = core.createRenderer({
          workers: 0,
          baseDir: dir,
          limits: { timeoutMs: 600_000, wallTimeoutMs: 1_200_000 },
        });
        renderers.set(dir, renderer);
      }
      const cpu0 = cpuNow();
      const wall0 = wallNow();
      const result = await renderer.render({ html, width, height, format: 'png' });
      const cpu = cpuNow() - cpu0;
      const wall = wallNow() - wall0;
      process.send({ cpu, wall, stages: result.timings, rss: process.memoryUsage().rss / 2 ** 20 });
    } catch (error) {
      process.send({ error: String(error?.message ?? error).slice(0, 200) });
    }
  });
  process.send({ ready: true });
}

/** The process ids of this process' children. */
function children() {
  return readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'latin1').split(' ').filter(Boolean),
  );
}

/**
 * The Node flags a worker process of a default renderer of the build in `coreDir` runs with (as
 * packages/core/scripts/build-snapshot.mjs reads them), without the startup snapshot's.
 */
async function workerFlags(coreDir) {
  const { createRenderer } = await import(pathToFileURL(join(coreDir, 'dist/index.js')).href);
  const renderer = createRenderer({ workers: 1 });
  try {
    await renderer.render({
      html: '<div style="display:flex;font-size:32px">flags</div>',
      width: 200,
      height: 100,
    });
    for (const pid of children()) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').slice(1, -1);
      const script = argv.findIndex((arg) => arg.endsWith('worker-loader.cjs'));
      if (script >= 0) return argv.slice(0, script).filter((arg) => !arg.startsWith('--snapshot-blob'));
    }
    throw new Error(`${coreDir}: no worker process found`);
  } finally {
    await renderer.close();
  }
}

/** A side: a child process rendering with one core build; `render(doc)` resolves with its figures. */
function startSide(label, coreDir, execArgv) {
  const proc = fork(fileURLToPath(import.meta.url), ['--child', coreDir], { stdio: 'inherit', execArgv });
  let waiting;
  const ready = new Promise((ok) => {
    waiting = ok;
  });
  proc.on('message', (message) => {
    const resolveIt = waiting;
    waiting = undefined;
    resolveIt?.(message);
  });
  return {
    label,
    execArgv,
    ready,
    render(doc) {
      return new Promise((ok) => {
        waiting = ok;
        proc.send(doc);
      });
    },
    close: () => proc.kill(),
  };
}

/** The cases: name, folder, size, HTML; held-out wider cases left out unread; filtered by name and `--every`. */
function loadCases() {
  const every = Number(args.every);
  return allCases(args.corpus.split(','))
    .filter((c) => !positionals[0] || positionals[0].split(',').some((part) => c.name.includes(part)))
    .filter((_c, i) => i % every === 0);
}

/** `count` cases spread evenly over both corpora (held-out cases left out unread): the process warm-up's pages. */
function warmupCases(count) {
  const all = allCases(Object.keys(CORPORA));
  if (count <= 0) return [];
  return Array.from({ length: count }, (_x, i) => all[Math.floor(((i + 0.5) * all.length) / count)]);
}

/** Every case of `corpora`: name, folder, size, HTML; held-out wider cases left out unread. */
function allCases(corpora) {
  const cases = [];
  for (const corpus of corpora) {
    const root = CORPORA[corpus];
    if (!root) throw new Error(`--corpus: ${corpus} is not one of ${Object.keys(CORPORA).join(', ')}`);
    for (const name of readdirSync(root).sort()) {
      if (corpus === 'wider' && isHeldOut(name)) continue;
      const dir = join(root, name);
      if (!existsSync(join(dir, 'index.html'))) continue;
      const meta = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      cases.push({ corpus, name, dir, width: meta.width ?? 800, height: meta.height ?? 600, html });
    }
  }
  return cases;
}

/** The page with a paragraph no earlier render had as the body's first child (unchanged without a <body>). */
function fresh(html, n) {
  return html.replace(/<body\b[^>]*>/i, (body) => `${body}<p>render ${n}</p>`);
}

async function parent() {
  const runs = Number(args.runs);
  const over = Number(args.over);
  const dirs = [resolve(here, '../../packages/core'), ...(args.base ? [resolve(args.base)] : [])];
  const flags = [];
  for (const dir of dirs) flags.push(args.plain ? [] : await workerFlags(dir));
  if (args['semi-space'] !== undefined) {
    const sizes = args['semi-space'].split(',').map(Number);
    for (let i = 0; i < flags.length; i++) {
      const mb = sizes[Math.min(i, sizes.length - 1)];
      flags[i] = flags[i].filter((flag) => !flag.startsWith('--max-semi-space-size'));
      if (mb > 0) flags[i].push(`--max-semi-space-size=${mb}`);
    }
  }
  const sides = dirs.map((dir, i) => startSide(i === 0 ? 'this build' : 'base', dir, flags[i]));
  await Promise.all(sides.map((s) => s.ready));
  const cases = loadCases();
  const rows = [];
  let seq = 0;
  // The process warm-up (see the module's comment): not measured per case, its CPU printed.
  const warmups = warmupCases(Number(args['process-warmup']));
  const warmupCpu = sides.map(() => 0);
  const maxRss = sides.map(() => 0);
  for (const c of warmups) {
    for (let s = 0; s < sides.length; s++) {
      const result = await sides[s].render({
        dir: c.dir,
        html: fresh(c.html, seq++),
        width: c.width,
        height: c.height,
      });
      warmupCpu[s] += result.cpu ?? 0;
      maxRss[s] = Math.max(maxRss[s], result.rss ?? 0);
    }
  }
  for (const c of cases) {
    const samples = sides.map(() => []);
    let error;
    for (let i = 0; i < runs + 1 && !error; i++) {
      // Alternating side by side, render by render; the first render of each is the warm-up.
      for (let s = 0; s < sides.length; s++) {
        const html = fresh(c.html, seq++);
        const result = await sides[s].render({ dir: c.dir, html, width: c.width, height: c.height });
        if (result.error) {
          error = result.error;
          break;
        }
        if (i > 0) samples[s].push(result);
        maxRss[s] = Math.max(maxRss[s], result.rss ?? 0);
      }
    }
    rows.push({ ...c, error, samples, identical: !/<body\b/i.test(c.html) });
    const figure = error
      ? `error: ${error}`
      : fmt(
          quantile(
            samples[0].map((r) => r.cpu),
            0.5,
          ),
          0,
        );
    process.stderr.write(`${c.corpus}/${c.name}: ${figure}\n`);
  }
  for (const s of sides) s.close();

  const median = (list, pick) => quantile(list.map(pick), 0.5);
  rows.sort((a, b) => median(b.samples[0], (r) => r.cpu) - median(a.samples[0], (r) => r.cpu));
  const header = [
    'case',
    'CPU ms',
    ...STAGES.map((s) => `${s} CPU`),
    'wall ms',
    ...(sides.length > 1
      ? ['base CPU ms', 'base parse CPU', 'base layout CPU', 'base raster CPU', 'this / base']
      : []),
  ];
  const table = rows.map((r) => {
    if (r.error) return [`${r.corpus}/${r.name}`, `error: ${r.error}`, ...header.slice(2).map(() => '')];
    const ours = r.samples[0];
    const cpu = median(ours, (x) => x.cpu);
    const cells = [
      `${r.corpus}/${r.name}${r.identical ? ' (same content each run)' : ''}`,
      fmt(cpu, 0),
      ...STAGES.map((s) =>
        fmt(
          median(ours, (x) => x.stages[s]),
          0,
        ),
      ),
      fmt(
        median(ours, (x) => x.wall),
        0,
      ),
    ];
    if (sides.length > 1) {
      const base = median(r.samples[1], (x) => x.cpu);
      const stage = (name) =>
        fmt(
          median(r.samples[1], (x) => x.stages[name]),
          0,
        );
      cells.push(fmt(base, 0), stage('parse'), stage('layout'), stage('raster'), fmt(cpu / base, 2));
    }
    return cells;
  });
  const measured = rows.filter((r) => !r.error);
  const cpus = measured.map((r) => median(r.samples[0], (x) => x.cpu));
  const overList = measured.filter((_r, i) => cpus[i] > over).map((r) => r.name);
  const lines = [
    `# CPU per render, one core (workers: 0, a process per side), warm, ${runs} runs per case — ${new Date().toISOString()}`,
    '',
    `Machine: ${machineLine()}. Wider corpus: tuning cases only (held-out skipped unread)${Number(args.every) > 1 ? `; every ${args.every}th case only (--every)` : ''}.`,
    `Process warm-up: ${warmups.length ? `${warmups.length} pages (${warmups.map((c) => c.name).join(', ')}), one render each, CPU ${sides.map((s, i) => `${s.label} ${fmt(warmupCpu[i], 0)} ms`).join(', ')}` : 'none (--process-warmup 0)'}.`,
    `Largest resident memory after a render: ${sides.map((s, i) => `${s.label} ${fmt(maxRss[i], 0)} MiB`).join(', ')}.`,
    `Node flags of the children: ${sides.map((s) => `${s.label} ${s.execArgv.join(' ') || '(none)'}`).join('; ')}${args.plain ? ' (--plain)' : " (each its build's worker processes' flags)"}.`,
    '',
    markdownTable(header, table),
    '',
    `${measured.length} cases rendered, ${rows.length - measured.length} failed; median of the case medians ${fmt(quantile(cpus, 0.5), 0)} CPU ms, largest ${fmt(Math.max(...cpus), 0)}; over ${over} ms: ${overList.length ? overList.join(', ') : 'none'}.`,
  ];
  if (sides.length > 1) {
    const ratios = measured.map(
      (r) => median(r.samples[0], (x) => x.cpu) / median(r.samples[1], (x) => x.cpu),
    );
    const geo = Math.exp(ratios.reduce((sum, x) => sum + Math.log(x), 0) / ratios.length);
    const baseOver = measured.filter((r) => median(r.samples[1], (x) => x.cpu) > over).map((r) => r.name);
    lines.push(
      `This build / base (${args.base}), CPU: geometric mean ${fmt(geo, 3)}; base over ${over} ms: ${baseOver.length ? baseOver.join(', ') : 'none'}.`,
    );
  }
  console.log(lines.join('\n'));
}
