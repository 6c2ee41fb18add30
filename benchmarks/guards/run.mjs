/**
 * How fast the engine's guards answer hostile input: the timing claims the unit tests used to make with a clock
 * ("quickly", "in linear time", "in well under a second"), measured here instead (issue 37: a clock in a test
 * measures the machine's other work too). The tests check each guard's answer; this reports how long it took, on
 * the calling thread (workers: 0) with fresh content every run (a numbered comment), the median of --runs, and exits
 * 1 when a median is over its bound — run it on a quiet machine.
 *
 *   pnpm --filter @pictor/core build
 *   node benchmarks/guards/run.mjs [--runs 5]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { compileTemplate, createRenderer } from '@pictor/core';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

const renderer = createRenderer({ workers: 0 });
const small = { width: 120, height: 60 };
/** Render `html` and return how it ended (the error code, or 'ok'): these answers are what the tests check. */
/** Every render gets content no earlier one had: a comment numbering it goes before the case's HTML. */
let fresh = 0;
async function outcome(input) {
  try {
    await renderer.render({ ...input, html: `<!--${++fresh}-->${input.html}` });
    return 'ok';
  } catch (error) {
    return error.code ?? String(error);
  }
}
const svgUri = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const styled = (css) => ({ html: `<style>${css}</style><div style="display:flex">x</div>`, ...small });

/** [name, bound in ms (what the tests asserted), the work]. */
const CASES = [
  [
    '100,000 elements → INVALID_INPUT before layout',
    5000,
    () => outcome({ html: `<div style="display:flex">${'<i></i>'.repeat(100_000)}</div>`, ...small }),
  ],
  [
    '1 MiB of text → INVALID_INPUT before layout',
    10_000,
    () => outcome({ html: `<div>${'lorem ipsum '.repeat(87_382)}</div>`, width: 200, height: 100 }),
  ],
  // The longest texts the default text limit lets through (500,000 characters) lay out well inside the render's
  // time limit: in paragraphs, as one <pre> (no wrapping, through Intl.Segmenter: each line has an accent), and as
  // one paragraph of Japanese.
  [
    '499,000 characters in paragraphs → rendered',
    10_000,
    () =>
      outcome({
        html: `<p>${'lorem ipsum dolor sit amet '.repeat(24)}</p>`.repeat(770),
        width: 1280,
        height: 4000,
      }),
  ],
  [
    '499,000 characters in one <pre> → rendered',
    10_000,
    () =>
      outcome({
        html: `<pre>${'line of a long café listing\n'.repeat(17_800)}</pre>`,
        width: 1280,
        height: 4000,
      }),
  ],
  [
    '499,000 characters of Japanese in one paragraph → rendered',
    10_000,
    () => outcome({ html: `<p>${'日本語の文章を書きます。'.repeat(41_500)}</p>`, width: 1280, height: 4000 }),
  ],
  [
    'nesting 10,000 deep (closed) → rendered, deep levels left out',
    15_000,
    () =>
      outcome({
        html: `${'<div style="display:flex;padding:1px">'.repeat(10_000)}deep${'</div>'.repeat(10_000)}`,
        width: 200,
        height: 100,
      }),
  ],
  ...[
    'box-shadow:0 0 1e9px 1e9px red',
    'box-shadow:inset 0 0 1e9px 1e9px red',
    'text-shadow:1e9px 1e9px 1e9px red',
    'border:100000000px solid red;border-radius:1e9px',
  ].map((style) => [
    `${style} → rendered at the asked size`,
    5000,
    () => outcome({ html: `<div style="display:flex;${style}">Hello</div>`, ...small }),
  ]),
  ['<style> url( + 100k spaces', 2000, () => outcome(styled(`a{background:url(${' '.repeat(100_000)}a`))],
  ['<style> url( + hex escapes', 2000, () => outcome(styled(`a{background:url(${'\\31'.repeat(30_000)}`))],
  [
    '<style> 50,000 rules + 5,000 @font-face',
    10_000,
    () => outcome(styled(`${'a{b:c}'.repeat(50_000)}${'@font-face{src:url(x)}'.repeat(5_000)}`)),
  ],
  [
    'SVG image: an unclosed tag with 30,000 attributes → refused',
    2000,
    () =>
      outcome({
        html: `<img src="${svgUri(`<svg ${'a = b  '.repeat(30_000)}`)}" width="10" height="10">`,
        ...small,
      }),
  ],
  [
    'template fill: nested sections over 5,000 × 5,000 → refused by its step count',
    1000,
    async () => {
      const items = { type: 'array', items: { type: 'integer' } };
      const template = compileTemplate({
        content: '{{#a}}{{#b}}{{/b}}{{/a}}',
        variables: { a: items, b: items },
      });
      const many = Array.from({ length: 5000 }, (_, i) => i);
      try {
        template.fill({ a: many, b: many });
        return 'ok';
      } catch (error) {
        return error.code;
      }
    },
  ],
];

console.log(machineLine());
await renderer.render({ html: '<div style="display:flex">warm</div>', ...small });
const rows = [];
let over = 0;
for (const [name, bound, work] of CASES) {
  const times = [];
  let answer = '';
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    answer = await work();
    times.push(performance.now() - started);
  }
  const median = quantile(times, 0.5);
  if (median > bound) over++;
  rows.push([
    name,
    answer,
    fmt(median),
    fmt(Math.max(...times)),
    String(bound),
    median > bound ? 'OVER' : 'ok',
  ]);
}
await renderer.close();
console.log(markdownTable(['input', 'answer', 'median ms', 'max ms', 'bound ms', ''], rows));
if (over > 0) {
  console.error(`${over} guard(s) over their bound`);
  process.exitCode = 1;
}
