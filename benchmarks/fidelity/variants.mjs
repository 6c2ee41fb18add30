/**
 * Variants of the wider corpus's tuning documents (issue 41): the same page changed the way documents differ from
 * one another — another viewport width (lines wrap elsewhere), justified text — drawn by Chromium and by Pictor and
 * scored with the fidelity benchmark's dSSIM. A cause that shows in several variants of several sources is a general
 * one, not a property of one tuning page. Held-out cases (corpus-split.mjs) are never read.
 *
 *   node benchmarks/fidelity/variants.mjs [name-filter] [--variants=w0.7,w0.85,w1.25,justify] [--reuse-reference]
 *
 * Variants: `w<factor>` (the case's width × factor, same height), `justify` (`text-align: justify` on paragraphs and
 * list items), `list-outside` / `list-inside` (every list's marker position), `root<px>` (`html { font-size }`,
 * e.g. root14, root18: rem-sized pages scale), `text2` (each paragraph's text twice: other line breaks, longer
 * pages), `counter` (lists and h2s numbered by CSS counters), `columns2` (`columns: 2` on main/article), `center`
 * (`text-align: center` on text blocks and cells), `rtl` (`html { direction: rtl }`), `serif` / `sans-serif` /
 * `monospace` (every element's font swapped for a generic family), `rows2` (each table body row twice). Writes
 * out/variants/<case>~<variant>/{chromium.png,pictor.png} (side-by-side.mjs variants/<case>~<variant> shows one)
 * and out/variants/results.json; prints each score and the first row where the two images differ (a layout shift
 * starts there).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ssim } from 'ssim.js';
import { chromiumSource, launchChromium } from './chromium.mjs';
import { groupOf, isHeldOut } from './corpus-split.mjs';
import { createPictor } from './engines.mjs';
import { flattenedPixels } from './flattened-pixels.mjs';
import { DSSIM_OPTIONS } from './ssim-options.mjs';
import { withFontFiles } from './web-fonts.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = join(here, 'wider');
const out = join(here, 'out/variants');
const args = process.argv.slice(2);
const reuse = args.includes('--reuse-reference');
const filter = args.find((a) => !a.startsWith('--'));
const variantNames = (
  args.find((a) => a.startsWith('--variants='))?.slice(11) ?? 'w0.7,w0.85,w1.25,justify'
).split(',');
/**
 * Adds a style sheet after the document's own: before `</head>`, else before `<body`, else after the doctype (a
 * sheet before the doctype would put the page in quirks mode).
 */
const withStyle = (html, css) => {
  const sheet = `<style>${css}</style>`;
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `${sheet}</head>`);
  if (/<body[\s>]/i.test(html)) return html.replace(/<body(?=[\s>])/i, `${sheet}<body`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${sheet}${html.slice(doctype[0].length)}` : `${sheet}${html}`;
};

/** Numbers lists and second-level headings with CSS counters instead of list markers. */
const COUNTER_CSS = `ol, ul { list-style: none !important; counter-reset: item }
li { counter-increment: item } ol > li::before { content: counters(item, ".") ". " }
ul > li::before { content: "(" counter(item, lower-roman) ") " }
body { counter-reset: section } h2 { counter-increment: section } h2::before { content: counter(section) ". " }`;

/** Each `<p>`'s content twice (lines wrap elsewhere, pages get longer); only `<p>`s with no `<p>` inside. */
const doubledParagraphs = (html) =>
  html.replace(/(<p\b[^>]*>)((?:(?!<\/?p\b)[\s\S])*?)(<\/p>)/gi, (_, open, text, close) =>
    text.trim() ? `${open}${text} ${text}${close}` : `${open}${text}${close}`,
  );

/** Each table body row twice (longer tables). */
const doubledRows = (html) =>
  html.replace(/<tbody\b[^>]*>[\s\S]*?<\/tbody>/gi, (body) =>
    body.replace(/<tr\b[\s\S]*?<\/tr>/gi, (row) => `${row}${row}`),
  );

/** Each variant: the page and viewport it makes of a case's page and viewport. */
function variant(name, html, width, height) {
  const factor = /^w([\d.]+)$/.exec(name);
  if (factor) return { html, width: Math.round(width * Number(factor[1])), height };
  if (name === 'justify')
    return { html: withStyle(html, 'p, li, dd { text-align: justify !important }'), width, height };
  if (name === 'list-inside' || name === 'list-outside')
    return {
      html: withStyle(html, `ul, ol { list-style-position: ${name.slice(5)} !important }`),
      width,
      height,
    };
  const root = /^root(\d+)$/.exec(name);
  if (root) return { html: withStyle(html, `html { font-size: ${root[1]}px !important }`), width, height };
  if (name === 'text2') return { html: doubledParagraphs(html), width, height };
  if (name === 'counter') return { html: withStyle(html, COUNTER_CSS), width, height };
  if (name === 'columns2')
    return { html: withStyle(html, 'main, article { columns: 2 !important }'), width, height };
  if (name === 'center')
    return {
      html: withStyle(html, 'p, li, dd, h1, h2, h3, h4, td, th { text-align: center !important }'),
      width,
      height,
    };
  if (name === 'rtl') return { html: withStyle(html, 'html { direction: rtl !important }'), width, height };
  if (name === 'serif' || name === 'sans-serif' || name === 'monospace')
    return {
      html: withStyle(html, `body, body * { font-family: ${name} !important }`),
      width,
      height,
    };
  if (name === 'rows2') return { html: doubledRows(html), width, height };
  throw new Error(`unknown variant ${name}`);
}

/** The first row with more than 4 pixels differing by more than 96 in a channel (-1: none). */
function firstDifferentRow(a, b) {
  for (let y = 0; y < a.height; y++) {
    let count = 0;
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      const d = Math.max(
        Math.abs(a.data[i] - b.data[i]),
        Math.abs(a.data[i + 1] - b.data[i + 1]),
        Math.abs(a.data[i + 2] - b.data[i + 2]),
      );
      if (d > 96 && ++count > 4) return y;
    }
  }
  return -1;
}

const names = readdirSync(corpus, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(corpus, d.name, 'case.json')))
  .map((d) => d.name)
  .filter((name) => !isHeldOut(name))
  .filter((name) => groupOf(JSON.parse(readFileSync(join(corpus, name, 'case.json'), 'utf8'))) === 'document')
  .filter((name) => !filter || filter.split(',').some((f) => name.includes(f)));
const pictor = await createPictor({ engine: 'pipeline' });
const browser = await launchChromium();
const rows = [];
try {
  for (const name of names) {
    const dir = join(corpus, name);
    const meta = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    if (existsSync(join(dir, 'reference.html'))) continue; // its Chromium page differs from Pictor's
    const source = readFileSync(join(dir, 'index.html'), 'utf8');
    for (const v of variantNames) {
      const { html, width, height } = variant(v, source, meta.width ?? 800, meta.height ?? 600);
      const caseOut = join(out, `${name}~${v}`);
      mkdirSync(caseOut, { recursive: true });
      const fontFiles = withFontFiles(html, dir);
      let reference;
      if (reuse && existsSync(join(caseOut, 'chromium.png')))
        reference = readFileSync(join(caseOut, 'chromium.png'));
      else {
        const page = join(dir, '.chromium-source.html');
        writeFileSync(page, chromiumSource(fontFiles.chromiumHtml));
        reference = await browser.screenshot(pathToFileURL(page).href, width, height);
        rmSync(page, { force: true });
        writeFileSync(join(caseOut, 'chromium.png'), reference);
      }
      const { png } = await pictor.render(html, { width, height, dir });
      fontFiles.cleanup();
      writeFileSync(join(caseOut, 'pictor.png'), png);
      const a = await flattenedPixels(reference, width, height);
      const b = await flattenedPixels(png, width, height);
      const row = {
        name,
        variant: v,
        width,
        dssim: ssim(a, b, DSSIM_OPTIONS).mssim,
        firstRow: firstDifferentRow(a, b),
      };
      rows.push(row);
      console.log(
        `${`${name}~${v}`.padEnd(48)} ${row.dssim.toFixed(4)}  first differing row ${row.firstRow}`,
      );
    }
  }
} finally {
  await browser.close();
}
for (const v of variantNames) {
  const list = rows.filter((r) => r.variant === v);
  const mean = list.reduce((s, r) => s + r.dssim, 0) / Math.max(1, list.length);
  console.log(
    `${v} (${list.length}): mean ${mean.toFixed(4)}, under 0.85: ${list.filter((r) => r.dssim < 0.85).length}`,
  );
}
const resultsFile = join(out, 'results.json');
const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : [];
const key = (r) => `${r.name}~${r.variant}`;
const merged = new Map([...previous, ...rows].map((r) => [key(r), r]));
writeFileSync(resultsFile, `${JSON.stringify([...merged.values()], null, 1)}\n`);
