/**
 * Cold start: what a script or a CLI call pays for its first image, in fresh processes. For each run: the time to
 * import @pictor/core, then `createRenderer()` (defaults: workers started lazily) and one render of a small Latin
 * card — split into the wait for the worker (process start, fonts, warm-up render) and the render itself — and the
 * same with Chinese text (the CJK fonts load on first use); the whole process's wall time from outside (spawn to
 * exit) and the CPU time of the process and its worker; and the wall time of `pictor render card.html -o out.png`.
 * Medians and worst of `--runs` (default 5) runs; every render is its process's first, of a card no other run had.
 * `--base DIR` (another build's packages/core, e.g. /work/main/packages/core) runs the same in turn with that build.
 * This build's workers keep a V8 code cache across processes (`workerCodeCache`): made by the first run, used by the
 * others; `--no-code-cache` turns it off for this build (`workerCodeCache: false`; the base build gets no option).
 * Workers start from the startup snapshot the build left, when there is one; `--no-snapshot` turns it off for this
 * build (`workerSnapshot: false`).
 *
 *   pnpm build && node benchmarks/render/cold-start.mjs [--runs 5] [--base /work/main/packages/core] [--no-code-cache]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { treeCpuMs } from '../lib/process-tree.mjs';
import { fmt, load1, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    base: { type: 'string' },
    child: { type: 'string' },
    core: { type: 'string' },
    'no-code-cache': { type: 'boolean', default: false },
    'no-snapshot': { type: 'boolean', default: false },
  },
});

/** The card of run `n`: its text differs from every other run's (each process renders once, cold, and new content). */
const card = (text) =>
  `<div style="display:flex;width:600px;height:300px;background:#123;color:#fff;font-size:48px">${text}</div>`;
const LATIN = (n) => card(`Hello card ${n}`);
const CJK = (n) => card(`你好，世界 ${n}`);

if (values.child) {
  const started = performance.now();
  const { createRenderer } = await import(
    values.core ? pathToFileURL(join(values.core, 'dist/index.js')).href : '@pictor/core'
  );
  const imported = performance.now();
  const renderer = createRenderer({
    ...(values['no-code-cache'] ? { workerCodeCache: false } : {}),
    ...(values['no-snapshot'] ? { workerSnapshot: false } : {}),
  });
  const [kind, run] = values.child.split(':');
  const result = await renderer.render({ html: kind === 'cjk' ? CJK(run) : LATIN(run), format: 'png' });
  const done = performance.now();
  const cpu = treeCpuMs();
  await renderer.close();
  process.stdout.write(
    JSON.stringify({
      import: imported - started,
      firstRender: done - imported,
      worker: result.timings.queue,
      render: result.timings.total,
      layout: result.timings.layout,
      cpu,
    }),
  );
  process.exit(0);
}

const runs = Number(values.runs);
const builds = values.base ? [['this build'], ['base', resolve(values.base)]] : [['this build']];
const samples = {};
const cli = [];
const dir = mkdtempSync(join(tmpdir(), 'pictor-cold-'));
const cliScript = join(root, 'packages/server/dist/cli.js');
const loads = [];
for (let i = 0; i < runs; i++) {
  for (const kind of ['latin', 'cjk']) {
    for (const [name, core] of builds) {
      const started = performance.now();
      const out = execFileSync(
        process.execPath,
        [
          fileURLToPath(import.meta.url),
          '--child',
          `${kind}:${i}:${name}`,
          ...(core
            ? ['--core', core]
            : [
                ...(values['no-code-cache'] ? ['--no-code-cache'] : []),
                ...(values['no-snapshot'] ? ['--no-snapshot'] : []),
              ]),
        ],
        { encoding: 'utf8' },
      );
      const wall = performance.now() - started;
      loads.push(load1());
      const key = `${name}:${kind}`;
      samples[key] = [...(samples[key] ?? []), { ...JSON.parse(out), wall }];
    }
  }
  writeFileSync(join(dir, 'card.html'), LATIN(`CLI ${i}`));
  const started = performance.now();
  execFileSync(process.execPath, [cliScript, 'render', join(dir, 'card.html'), '-o', join(dir, 'card.png')]);
  cli.push(performance.now() - started);
}
rmSync(dir, { recursive: true, force: true });

const stat = (list, key, q) =>
  quantile(
    list.map((s) => (key === 'first' ? s.import + s.firstRender : s[key])),
    q,
  );
const both = (list, key) => `${fmt(stat(list, key, 0.5), 0)} / ${fmt(stat(list, key, 1), 0)}`;
const rows = [];
for (const kind of ['latin', 'cjk']) {
  for (const [name] of builds) {
    const list = samples[`${name}:${kind}`];
    rows.push([
      `${kind === 'latin' ? 'Latin card' : 'Chinese card (CJK fonts load on first use)'}, ${name}`,
      both(list, 'import'),
      both(list, 'worker'),
      both(list, 'render'),
      both(list, 'first'),
      both(list, 'wall'),
      both(list, 'cpu'),
    ]);
  }
}
console.log(
  [
    `Run ${new Date().toISOString()} — ${machineLine()}; load during the runs ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)}`,
    '',
    `\`node benchmarks/render/cold-start.mjs --runs ${runs}${values.base ? ` --base ${values.base}` : ''}${values['no-code-cache'] ? ' --no-code-cache' : ''}${values['no-snapshot'] ? ' --no-snapshot' : ''}\`: fresh processes, ms, median / worst of ${runs}.`,
    '',
    markdownTable(
      [
        'first image',
        'import',
        'worker start (process, fonts, warm-up)',
        'render',
        'import + createRenderer + first render()',
        'whole process from outside (spawn → exit)',
        'CPU of the process and its worker',
      ],
      rows,
    ),
    '',
    `\`pictor render card.html -o card.png\` (the CLI, Latin card, this build), wall time from process start: median ${fmt(quantile(cli, 0.5), 0)} ms, worst ${fmt(quantile(cli, 1), 0)} ms.`,
    '',
    // Each run's figure in order: the first run of a build is the one without a code cache of its own.
    ...[...builds].map(
      ([name]) =>
        `Latin card, ${name}, import + createRenderer + first render() run by run: ${samples[`${name}:latin`].map((s) => fmt(s.import + s.firstRender, 0)).join(', ')} ms.`,
    ),
  ].join('\n'),
);
