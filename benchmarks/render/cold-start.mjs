/**
 * Cold start: what a script or a CLI call pays for its first image, in fresh processes. For each run: the time to
 * import @pictor/core, then `createRenderer()` (defaults: workers started lazily) and one render of a small Latin
 * card — split into the wait for the worker (process start, fonts, warm-up render) and the render itself — and the
 * same with Chinese text (the CJK fonts load on first use); and the wall time of `pictor render card.html -o out.png`.
 * Medians of `--runs` (default 5) alternating runs; every render is its process's first, of a card no other run had.
 *
 *   pnpm build && node benchmarks/render/cold-start.mjs [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, child: { type: 'string' } },
});

/** The card of run `n`: its text differs from every other run's (each process renders once, cold, and new content). */
const card = (text) =>
  `<div style="display:flex;width:600px;height:300px;background:#123;color:#fff;font-size:48px">${text}</div>`;
const LATIN = (n) => card(`Hello card ${n}`);
const CJK = (n) => card(`你好，世界 ${n}`);

if (values.child) {
  const started = performance.now();
  const { createRenderer } = await import('@pictor/core');
  const imported = performance.now();
  const renderer = createRenderer();
  const [kind, run] = values.child.split(':');
  const result = await renderer.render({ html: kind === 'cjk' ? CJK(run) : LATIN(run), format: 'png' });
  const done = performance.now();
  await renderer.close();
  process.stdout.write(
    JSON.stringify({
      import: imported - started,
      firstRender: done - imported,
      worker: result.timings.queue,
      render: result.timings.total,
      layout: result.timings.layout,
    }),
  );
  process.exit(0);
}

const runs = Number(values.runs);
const samples = { latin: [], cjk: [], cli: [] };
const dir = mkdtempSync(join(tmpdir(), 'pictor-cold-'));
const cli = join(root, 'packages/server/dist/cli.js');
for (let i = 0; i < runs; i++) {
  for (const kind of ['latin', 'cjk']) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', `${kind}:${i}`], {
      encoding: 'utf8',
    });
    samples[kind].push(JSON.parse(out));
  }
  writeFileSync(join(dir, 'card.html'), LATIN(`CLI ${i}`));
  const started = performance.now();
  execFileSync(process.execPath, [cli, 'render', join(dir, 'card.html'), '-o', join(dir, 'card.png')]);
  samples.cli.push(performance.now() - started);
}
rmSync(dir, { recursive: true, force: true });

const median = (list, key) =>
  quantile(
    list.map((s) => s[key]),
    0.5,
  );
const row = (name, list) => [
  name,
  fmt(median(list, 'import'), 0),
  fmt(median(list, 'worker'), 0),
  fmt(median(list, 'render'), 0),
  fmt(median(list, 'layout'), 0),
  fmt(median(list, 'import') + median(list, 'firstRender'), 0),
];
console.log(
  [
    `Run ${new Date().toISOString()} — ${machineLine()}`,
    '',
    `\`node benchmarks/render/cold-start.mjs --runs ${runs}\`: fresh processes, medians (ms).`,
    '',
    markdownTable(
      [
        'first image',
        'import',
        'worker start (process, fonts, warm-up)',
        'render',
        'of which layout',
        'import + first render()',
      ],
      [
        row('Latin card, createRenderer() defaults', samples.latin),
        row('Chinese card (CJK fonts load on first use)', samples.cjk),
      ],
    ),
    '',
    `\`pictor render card.html -o card.png\` (the CLI, Latin card), wall time from process start: median ${fmt(quantile(samples.cli, 0.5), 0)} ms.`,
  ].join('\n'),
);
