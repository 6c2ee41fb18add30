/**
 * A one-off render, as a script or a CLI call pays it: a fresh process creates a renderer with the default pool
 * size (one worker per core) and renders the reference card once. Workers started lazily (the default: one for one
 * render) against eagerly (all at once, as before), each run in a new process, alternating. Reports the wall time from
 * the process's start to the image, and the peak resident memory of the process and its worker processes.
 *
 *   node benchmarks/render/one-off.mjs             # 6 runs per side, prints a table
 *   node benchmarks/render/one-off.mjs --runs 10
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({ options: { runs: { type: 'string' }, child: { type: 'string' } } });

if (args.child) {
  // In the fresh process: one render, then the figures.
  const { performance } = await import('node:perf_hooks');
  const { createRenderer } = await import('@pictor/core');
  const { cardHtml, createAvatar } = await import('./card.mjs');
  const { treePeakRssMiB } = await import('../lib/process-tree.mjs');
  const html = cardHtml(`data:image/jpeg;base64,${(await createAvatar()).toString('base64')}`);
  const beforeImport = performance.now();
  const renderer = createRenderer({ startWorkers: args.child });
  await renderer.render({ html, width: 1200, height: 630, format: 'webp' });
  const ms = performance.now();
  const workers = renderer.stats().workers;
  const peak = treePeakRssMiB();
  await renderer.close();
  process.stdout.write(JSON.stringify({ ms, renderMs: ms - beforeImport, peak, workers }));
  process.exit(0);
}

const RUNS = Number(args.runs ?? 6);
const results = { lazy: [], eager: [] };
for (let run = 0; run < RUNS; run++) {
  for (const mode of run % 2 === 0 ? ['lazy', 'eager'] : ['eager', 'lazy']) {
    const out = execFileSync(
      process.execPath,
      ['--single-threaded-gc', join(here, 'one-off.mjs'), '--child', mode],
      {
        encoding: 'utf8',
      },
    );
    results[mode].push(JSON.parse(out));
  }
}
const row = (mode) => {
  const r = results[mode];
  const med = (key) =>
    quantile(
      r.map((x) => x[key]),
      0.5,
    );
  return [mode, String(r[0].workers), fmt(med('ms'), 0), fmt(med('renderMs'), 0), fmt(med('peak'), 0)];
};
console.log(
  [
    `Run ${new Date().toISOString()} — ${machineLine()}`,
    '',
    `\`node benchmarks/render/one-off.mjs${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}\`: ${RUNS} fresh processes per side, alternating; each creates \`createRenderer({ startWorkers })\` (default pool size, one worker per core) and renders the 1200×630 reference card once as webp. Medians.`,
    '',
    markdownTable(
      [
        'startWorkers',
        'workers started',
        'process start → image (ms)',
        'createRenderer → image (ms)',
        'peak RSS, process + workers (MiB)',
      ],
      [row('lazy'), row('eager')],
    ),
  ].join('\n'),
);
