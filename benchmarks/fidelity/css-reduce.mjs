/**
 * Reduce a page's style sheets to the rules a difference between Chromium and Pictor needs: rules (those inside
 * `@media` blocks too) are taken out in ever smaller chunks, and a chunk stays out when the page without it still
 * scores under the threshold (dSSIM of Pictor against Chromium, both rendering the reduced page). What is left is the
 * start of a small repro. Writes the reduced page and prints its score.
 *
 *   node benchmarks/fidelity/css-reduce.mjs page.html width height [--under 0.95] [--out /tmp/reduced.html]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ssim } from 'ssim.js';
import { launchChromium } from './chromium.mjs';
import { createPictor } from './engines.mjs';
import { flattenedPixels } from './flattened-pixels.mjs';
import { DSSIM_OPTIONS } from './ssim-options.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    under: { type: 'string', default: '0.95' },
    out: { type: 'string', default: '/tmp/reduced.html' },
  },
});
const [file, w, h] = positionals;
const width = Number(w);
const height = Number(h);
const under = Number(args.under);
const source = readFileSync(file, 'utf8');

/** The top-level rules of a sheet; the rules inside an `@media` block are listed apart, with the block's head. */
function rulesOf(css) {
  const rules = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      const rule = css.slice(start, i + 1);
      start = i + 1;
      const media = /^\s*(@media[^{]*)\{([\s\S]*)\}\s*$/.exec(rule);
      if (media) for (const inner of rulesOf(media[2])) rules.push({ media: media[1], text: inner.text });
      else rules.push({ text: rule });
    }
  }
  return rules;
}

const sheets = [...source.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)];
const rules = sheets.flatMap((m, sheet) => rulesOf(m[1]).map((r) => ({ ...r, sheet })));
/** The page with only `kept` of the rules, each sheet in its place. */
function pageWith(kept) {
  let i = 0;
  return source.replace(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi, (_all, attrs) => {
    const sheet = i++;
    const css = kept
      .filter((r) => r.sheet === sheet)
      .map((r) => (r.media ? `${r.media}{${r.text}}` : r.text))
      .join('\n');
    return `<style${attrs}>${css}</style>`;
  });
}

const browser = await launchChromium();
const pictor = await createPictor({ engine: 'pipeline' });
const tmp = `${args.out}.try.html`;
async function score(html) {
  writeFileSync(tmp, html);
  const reference = await browser.screenshot(pathToFileURL(tmp).href, width, height);
  const { png } = await pictor.render(html, { width, height });
  const a = await flattenedPixels(reference, width, height);
  const b = await flattenedPixels(png, width, height);
  return ssim(a, b, DSSIM_OPTIONS).mssim;
}

let kept = rules;
console.log(`${rules.length} rules; all: ${(await score(pageWith(kept))).toFixed(4)}`);
for (let chunk = Math.ceil(kept.length / 2); chunk >= 1; chunk = chunk === 1 ? 0 : Math.ceil(chunk / 2)) {
  for (let at = 0; at < kept.length; ) {
    const trial = kept.slice(0, at).concat(kept.slice(at + chunk));
    const s = await score(pageWith(trial));
    if (s < under) kept = trial;
    else at += chunk;
  }
  console.log(`chunk ${chunk}: ${kept.length} rules left`);
}
writeFileSync(args.out, pageWith(kept));
console.log(`${kept.length} rules left, dSSIM ${(await score(pageWith(kept))).toFixed(4)}: ${args.out}`);
await browser.close();
process.exit(0);
