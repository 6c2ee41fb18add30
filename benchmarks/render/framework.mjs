/**
 * Framework style sheets at their cost (issues 41, 42): one worker (`workers: 1`, one core) renders, interleaved
 * round-robin with fresh content every render: the 2-line card; the same card with Bootstrap 5's whole sheet
 * (bootstrap.min.css, 232 KB) in a `<style>` before it (the sheet's cost: the difference of the two); and an ordinary
 * Bootstrap page (navbar, hero, cards, table; framework-page.mjs). `--base DIR` adds the same three from another
 * build of @pictor/core (e.g. /work/main/packages/core) side by side.
 *
 *   node benchmarks/render/framework.mjs [--rounds 20] [--warmup 4] [--base /path/to/packages/core]
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createRenderer } from '@pictor/core';
import { fmt, load1, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { BOOTSTRAP_CSS, frameworkPage, PAGE_SIZE } from './framework-page.mjs';
import { textCard } from './growth-cases.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '4' },
    base: { type: 'string' },
    format: { type: 'string', default: 'png' },
  },
});
const sides = { this: createRenderer({ workers: 1, startWorkers: 'eager' }) };
if (args.base) {
  const core = await import(pathToFileURL(join(args.base, 'dist', 'index.js')).href);
  sides.base = core.createRenderer({ workers: 1, startWorkers: 'eager' });
}
const docs = {
  card: (seq) => textCard(seq, 2),
  'card + Bootstrap sheet': (seq) => {
    const card = textCard(seq, 2);
    return { ...card, html: `<style>${BOOTSTRAP_CSS}</style>${card.html}` };
  },
  'Bootstrap page': (seq) => ({ html: frameworkPage(seq), ...PAGE_SIZE }),
};
const times = {};
for (const side of Object.keys(sides)) for (const doc of Object.keys(docs)) times[`${side} ${doc}`] = [];
const loads = [load1()];
let seq = 1;
const rounds = Number(args.rounds);
const warmup = Number(args.warmup);
for (let round = 0; round < warmup + rounds; round++) {
  for (const doc of Object.keys(docs)) {
    const input = docs[doc](seq++);
    const order = Object.keys(sides);
    if (round % 2) order.reverse();
    for (const side of order) {
      const started = performance.now();
      const result = await sides[side].render({ ...input, format: args.format });
      const ms = performance.now() - started;
      if (round >= warmup)
        times[`${side} ${doc}`].push({ ms, layout: result.timings.layout, parse: result.timings.parse });
    }
  }
  loads.push(load1());
}
const median = (list) => quantile(list, 0.5);
console.log(
  `framework.mjs · ${new Date().toISOString()} · ${machineLine()} · load during the run ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
);
console.log(
  `${warmup} warm-up + ${rounds} measured rounds, one worker per side, ${args.format}, fresh content every render, sides and documents interleaved\n`,
);
const rows = [];
for (const side of Object.keys(sides)) {
  const card = median(times[`${side} card`].map((t) => t.ms));
  for (const doc of Object.keys(docs)) {
    const list = times[`${side} ${doc}`];
    const ms = median(list.map((t) => t.ms));
    rows.push([
      side === 'this' ? 'this build' : `base (${args.base})`,
      doc,
      fmt(ms),
      fmt(median(list.map((t) => t.parse))),
      fmt(median(list.map((t) => t.layout))),
      doc === 'card + Bootstrap sheet' ? `+${fmt(ms - card)}` : '',
    ]);
  }
}
console.log(
  markdownTable(['build', 'document', 'median ms', 'parse ms', 'layout ms', 'the sheet adds (ms)'], rows),
);
for (const renderer of Object.values(sides)) await renderer.close();
