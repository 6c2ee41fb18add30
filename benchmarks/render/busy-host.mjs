/**
 * Renders on a busy host: `--busy` processes (default 16) spin at normal priority beside a renderer of 2 workers, as
 * on a shared machine. For each worker nice value (`--nice`, default 0 and 10), interleaved in blocks: the wall time of
 * `--renders` sequential renders of fresh reference-like cards (webp), how many failed (time limit: 10 s of CPU time,
 * the default), and a fresh renderer's first render with Chinese text (the CJK faces load outside the limit).
 * Latency here measures the host's load, not the engine: compare the nice values with each other, in the same run.
 *
 *   pnpm build && node benchmarks/render/busy-host.mjs [--busy 16] [--renders 6] [--blocks 2] [--nice 0,10]
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createRenderer } from '@pictor/core';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const { values } = parseArgs({
  options: {
    busy: { type: 'string', default: '16' },
    renders: { type: 'string', default: '6' },
    blocks: { type: 'string', default: '2' },
    nice: { type: 'string', default: '0,10' },
  },
});
const busy = Number(values.busy);
const renders = Number(values.renders);
const blocks = Number(values.blocks);
const niceValues = values.nice.split(',').map(Number);

const card = (n) =>
  `<div style="display:flex;flex-direction:column;width:100%;height:100%;background:#1e293b;color:white;padding:64px"><div style="font-size:64px;font-weight:700">Busy host ${n}</div><div style="font-size:32px;color:#94a3b8">fresh content, render ${n}</div></div>`;
const cjkCard = (n) =>
  `<div style="display:flex;width:100%;height:100%;background:white;font-size:48px;padding:40px">你好，世界 ${n}</div>`;

console.log(machineLine());
console.log(
  `${busy} busy processes at nice 0 beside a renderer of 2 workers; ${renders} renders per block, ${blocks} blocks per nice value`,
);

// The neighbours: each ends by itself after 15 minutes at most, and is killed at the end.
const spinners = Array.from({ length: busy }, () =>
  spawn(process.execPath, ['-e', 'const end = Date.now() + 900000; while (Date.now() < end) {}'], {
    stdio: 'ignore',
  }),
);
const results = new Map(niceValues.map((nice) => [nice, { wall: [], failed: 0, cjk: [] }]));
let n = 0;
try {
  for (let block = 0; block < blocks; block++) {
    for (const nice of niceValues) {
      const entry = results.get(nice);
      const renderer = createRenderer({ workers: 2, workerNice: nice, startWorkers: 'eager' });
      try {
        // A fresh renderer's first render, with Chinese text: the faces load outside the time limit.
        const cjkStarted = performance.now();
        await renderer.render({ html: cjkCard(n++), width: 1200, height: 630, format: 'webp' }).then(
          () => entry.cjk.push(performance.now() - cjkStarted),
          () => entry.failed++,
        );
        for (let index = 0; index < renders; index++) {
          const started = performance.now();
          await renderer.render({ html: card(n++), width: 1200, height: 630, format: 'webp' }).then(
            () => entry.wall.push(performance.now() - started),
            () => entry.failed++,
          );
        }
      } finally {
        await renderer.close();
      }
      console.log(`block ${block + 1}, nice ${nice}: done`);
    }
  }
} finally {
  for (const child of spinners) child.kill('SIGKILL');
}

const base = results.get(niceValues[0]);
const rows = niceValues.map((nice) => {
  const entry = results.get(nice);
  const median = quantile(entry.wall, 0.5);
  return [
    `nice ${nice}`,
    fmt(median, 0),
    fmt(quantile(entry.wall, 0.9), 0),
    fmt(median / quantile(base.wall, 0.5), 2),
    fmt(quantile(entry.cjk, 0.5), 0),
    String(entry.failed),
  ];
});
console.log(
  markdownTable(
    ['workers', 'render p50 ms', 'p90 ms', `p50 / nice ${niceValues[0]}`, 'first CJK render ms', 'failed'],
    rows,
  ),
);
