/**
 * What a framework-sized style sheet costs a render, on one core (in-process, `workers: 0`): a wider-corpus page
 * (default bulma-admin: Bulma 1.0.4's ~690 KB sheet inlined) rendered with its sheets and, side by side in the same
 * run, with its `<style>` elements emptied (the baseline). Prints the median of each stage over the runs and the
 * ratio of the totals. Every render gets content no earlier render had (a numbered paragraph at the top of the
 * body); the sheets themselves are the same every run, as a site's framework sheet is, so the per-worker sheet
 * cache is warm after the first (warm-up) run: the figures are the cost with a warm sheet cache.
 * Also prints the process's CPU time per render (user + system, median): the renders run on this thread and
 * libvips' threads, so it is the render's CPU on one core whatever else the machine runs.
 * Run after `pnpm build` (uses packages/core/dist):
 *   node benchmarks/style-sheet-cost.mjs [case] [runs]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [name = 'bulma-admin', runsArg = '5'] = process.argv.slice(2);
const runs = Number(runsArg);
const dir = join(here, 'fidelity/wider', name);
const spec = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const bare = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '<style></style>');
const sheets = html.length - bare.length;
const core = await import(pathToFileURL(join(here, '../packages/core/dist/index.js')).href);
const renderer = core.createRenderer({
  workers: 0,
  baseDir: dir,
  // Generous: this measures the cost, the limits are not what is under test.
  limits: { timeoutMs: 600_000, wallTimeoutMs: 1_200_000 },
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const timings = { sheets: [], bare: [] };
const cpu = { sheets: [], bare: [] };
const coldCpu = {};
/** The page with a paragraph no earlier render had, right after `<body …>`. */
const fresh = (page, n) => page.replace(/<body\b[^>]*>/i, (body) => `${body}<p>render ${n}</p>`);
let seq = 0;
try {
  for (let i = 0; i < runs + 1; i++) {
    for (const [label, page] of [
      ['sheets', html],
      ['bare', bare],
    ]) {
      const before = process.cpuUsage();
      const result = await renderer.render({
        html: fresh(page, seq++),
        width: spec.width,
        height: spec.height,
        format: 'png',
      });
      const used = process.cpuUsage(before);
      if (i === 0) coldCpu[label] = (used.user + used.system) / 1000;
      if (i > 0) {
        timings[label].push(result.timings); // the first run warms up fonts and caches
        cpu[label].push((used.user + used.system) / 1000);
      }
    }
  }
} finally {
  await renderer.close();
}
console.log(
  `${name}: ${sheets} characters of style sheets, ${runs} runs each, one core (workers: 0), fresh content, warm sheet cache`,
);
for (const label of ['sheets', 'bare']) {
  const stages = Object.keys(timings[label][0]);
  const row = stages.map((s) => `${s} ${median(timings[label].map((t) => t[s])).toFixed(0)}`).join(' | ');
  console.log(`${label.padEnd(6)} ${row}`);
}
const total = (label) => median(timings[label].map((t) => t.total));
console.log(`total with sheets / without: ${(total('sheets') / total('bare')).toFixed(2)}`);
console.log(
  `CPU ms per render (median): with sheets ${median(cpu.sheets).toFixed(0)}, without ${median(cpu.bare).toFixed(0)}; ` +
    `first render (cold caches, fonts loading): ${coldCpu.sheets.toFixed(0)} and ${coldCpu.bare.toFixed(0)}`,
);
