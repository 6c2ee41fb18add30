/**
 * Generated documents against Chromium: a seeded generator of ordinary document pages (article, report, résumé,
 * invoice, letter, book chapter) made of the blocks people write, each with randomly chosen but ordinary document
 * CSS, drawn by Chromium and Pictor with Pictor's built-in fonts only (as try-page.mjs and the repro references
 * draw pages), so that the score is about layout. Finds general causes, where fixes found on single real-world
 * documents do not generalise.
 *
 *   node benchmarks/fidelity/generated.mjs --seeds=1-200 [--worst=8] [--out=DIR]     # tuning seeds: one line each
 *   node benchmarks/fidelity/generated.mjs --seeds=1001-1100 --held-out              # summary only (mean, counts)
 *   node benchmarks/fidelity/generated.mjs --page=SEED [file.html]                    # the page of one seed
 *   ... --family=layout                    # the second family (generated-layout.mjs): page layouts, multicol, tables
 *   ... --family=text                      # the text family (generated-text.mjs): web fonts, RTL, scripts, text CSS
 *   ... --isolate                          # Pictor in a child process: a page that aborts it fails alone
 *   ... --family=forms                     # form pages: fieldsets, every input type, selects, buttons
 *
 * Tune on seeds 1–200 only; seeds 1001–1100 are held out: run them with --held-out (no per-seed lines, no
 * pictures) and never look at one of them alone. --worst=N writes the N lowest pairs (Chromium | Pictor) and their
 * pages to DIR (default benchmarks/fidelity/out/generated).
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { makeRandom } from './generated-random.mjs';

export const WIDTH = 800;
export const HEIGHT = 1200;

const FAMILIES = {
  serif: ['serif', '"Noto Serif", serif', 'Georgia, "Times New Roman", serif'],
  sans: ['sans-serif', 'Inter, sans-serif', 'system-ui, sans-serif', '"Helvetica Neue", Arial, sans-serif'],
  mono: ['monospace', '"JetBrains Mono", monospace'],
};
const COLORS = ['#111', '#222', '#333', '#1f2937', '#24292e', '#2d2d2d', 'black', '#3b3b3b'];
const ACCENTS = ['#0645ad', '#1d4ed8', '#0366d6', '#b91c1c', '#047857', '#6d28d9', '#c2410c', '#0e7490'];
const PALE = ['#f6f8fa', '#f3f4f6', '#fafafa', '#eef2ff', '#fff7ed', '#f0fdf4', '#f5f5f5', '#eee'];
const BORDERS = ['#ddd', '#ccc', '#d0d7de', '#e5e7eb', '#999', '#bbb', '#000'];

function inline(rand, n, accent) {
  const parts = [];
  let left = n;
  while (left > 0) {
    const k = Math.min(left, rand.int(2, 9));
    left -= k;
    const text = rand.words(k);
    if (!rand.chance(0.3)) {
      parts.push(text);
      continue;
    }
    const tag = rand.pick(['em', 'strong', 'code', 'a', 'sup', 'sub', 'small', 'mark', 'b', 'i', 'span']);
    if (tag === 'a') parts.push(`<a href="#x">${text}</a>`);
    else if (tag === 'sup' || tag === 'sub') parts.push(`${text}<${tag}>${rand.int(1, 12)}</${tag}>`);
    else if (tag === 'span') parts.push(`<span style="color: ${accent}">${text}</span>`);
    else parts.push(`<${tag}>${text}</${tag}>`);
  }
  const s = parts.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

const para = (rand, accent) => `<p>${inline(rand, rand.int(12, 70), accent)}</p>`;

function list(rand, accent, depth = 0) {
  const ordered = rand.chance(0.4);
  const tag = ordered ? 'ol' : 'ul';
  const items = [];
  for (let i = rand.int(2, 5); i > 0; i--) {
    let item = inline(rand, rand.int(3, 20), accent);
    if (depth < 2 && rand.chance(0.15)) item += list(rand, accent, depth + 1);
    items.push(`<li>${item}</li>`);
  }
  return `<${tag}>${items.join('')}</${tag}>`;
}

function dl(rand, accent) {
  const rows = [];
  for (let i = rand.int(2, 4); i > 0; i--)
    rows.push(`<dt>${rand.title(rand.int(1, 3))}</dt><dd>${inline(rand, rand.int(4, 18), accent)}</dd>`);
  return `<dl>${rows.join('')}</dl>`;
}

function money(rand) {
  return `${rand.pick(['$', '€', ''])}${rand.int(1, 9999).toLocaleString('en-US')}.${String(rand.int(0, 99)).padStart(2, '0')}`;
}

function table(rand, accent) {
  const cols = rand.int(2, 5);
  const rowsN = rand.int(2, 7);
  const head = [];
  for (let c = 0; c < cols; c++) head.push(`<th>${rand.title(rand.int(1, 2))}</th>`);
  const body = [];
  for (let r = 0; r < rowsN; r++) {
    const cells = [];
    for (let c = 0; c < cols; c++) {
      if (c === 0 && cols > 2 && rand.chance(0.08)) {
        cells.push(`<td colspan="2">${rand.words(rand.int(2, 6))}</td>`);
        c++;
      } else if (c === cols - 1 || (c > 0 && rand.chance(0.3)))
        cells.push(`<td class="num">${money(rand)}</td>`);
      else cells.push(`<td>${rand.words(rand.int(1, c === 0 ? 6 : 3))}</td>`);
    }
    body.push(`<tr>${cells.join('')}</tr>`);
  }
  const foot = rand.chance(0.4)
    ? `<tfoot><tr><td colspan="${cols - 1}"><strong>Total</strong></td><td class="num"><strong>${money(rand)}</strong></td></tr></tfoot>`
    : '';
  const caption = rand.chance(0.3) ? `<caption>${inline(rand, rand.int(3, 8), accent)}</caption>` : '';
  const thead = rand.chance(0.85) ? `<thead><tr>${head.join('')}</tr></thead>` : '';
  return `<table>${caption}${thead}<tbody>${body.join('')}</tbody>${foot}</table>`;
}

function figure(rand, accent) {
  const w = rand.int(120, 420);
  const h = rand.int(60, 220);
  const img = rand.chance(0.5)
    ? `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${rand.pick(PALE)}" stroke="${accent}"/><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 3}" fill="${accent}"/></svg>`
    : `<img src="data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${accent}"/><rect x="10" y="10" width="${w - 20}" height="${h - 20}" fill="${rand.pick(PALE)}"/></svg>`).toString('base64')}" alt=""${rand.chance(0.5) ? ` width="${w}"` : ''}>`;
  const float = rand.chance(0.3) ? ` class="${rand.pick(['left', 'right'])}"` : '';
  return `<figure${float}>${img}${rand.chance(0.8) ? `<figcaption>${inline(rand, rand.int(3, 12), accent)}</figcaption>` : ''}</figure>`;
}

const pre = (rand) => {
  const lines = [];
  for (let i = rand.int(2, 7); i > 0; i--)
    lines.push(
      `${' '.repeat(rand.pick([0, 2, 4]))}${rand.pick(['const', 'let', 'return', 'if', 'for'])} ${rand.words(rand.int(1, 5)).replace(/ /g, '_')} = ${rand.int(0, 999)};`,
    );
  return `<pre><code>${lines.join('\n')}</code></pre>`;
};

const blockquote = (rand, accent) =>
  `<blockquote>${para(rand, accent)}${rand.chance(0.3) ? `<p>— ${rand.title(2)}</p>` : ''}</blockquote>`;

function address(rand) {
  return `<address>${rand.title(2)}<br>${rand.int(1, 999)} ${rand.title(2)} Street<br>${rand.title(1)}, ${rand.int(10000, 99999)}</address>`;
}

function header(rand, kind) {
  const layout = rand.pick(['flex', 'grid', 'plain', 'float']);
  const left = `<div><h1>${rand.title(rand.int(1, 4))}</h1><p class="meta">${rand.words(rand.int(3, 8))}</p></div>`;
  const right =
    kind === 'invoice' || kind === 'letter' || kind === 'resume'
      ? `<div class="aside">${address(rand)}</div>`
      : `<div class="aside"><p class="meta">${rand.words(rand.int(2, 5))}<br>${rand.int(1, 28)} ${rand.pick(['March', 'June', 'October'])} ${rand.int(1990, 2026)}</p></div>`;
  if (layout === 'flex')
    return `<header style="display: flex; justify-content: space-between; align-items: ${rand.pick(['flex-start', 'center', 'baseline', 'flex-end'])}; gap: ${rand.int(8, 32)}px">${left}${right}</header>`;
  if (layout === 'grid')
    return `<header style="display: grid; grid-template-columns: ${rand.pick(['1fr 1fr', '2fr 1fr', '1fr auto', '60% 40%'])}; gap: ${rand.int(8, 32)}px">${left}${right}</header>`;
  if (layout === 'float')
    return `<header class="clearfix"><div style="float: left; width: ${rand.int(45, 65)}%">${left}</div><div style="float: right; text-align: right">${right}</div></header>`;
  return `<header>${left}</header>`;
}

/** One block of the body, by kind of document. */
function block(rand, kind, accent, level) {
  const weights = {
    p: 10,
    list: 3,
    dl: kind === 'resume' ? 3 : 1,
    table: kind === 'invoice' || kind === 'report' ? 4 : 1,
    figure: kind === 'article' || kind === 'report' ? 2 : 0.5,
    pre: kind === 'article' ? 2 : 0.4,
    blockquote: kind === 'letter' ? 0.3 : 1.2,
    hr: 0.6,
    heading: 3,
  };
  let x = rand.r() * Object.values(weights).reduce((a, b) => a + b, 0);
  let chosen = 'p';
  for (const [k, w] of Object.entries(weights)) {
    x -= w;
    if (x < 0) {
      chosen = k;
      break;
    }
  }
  switch (chosen) {
    case 'list':
      return list(rand, accent);
    case 'dl':
      return dl(rand, accent);
    case 'table':
      return table(rand, accent);
    case 'figure':
      return figure(rand, accent);
    case 'pre':
      return pre(rand);
    case 'blockquote':
      return blockquote(rand, accent);
    case 'hr':
      return '<hr>';
    case 'heading': {
      const h = Math.min(4, level + rand.int(0, 2));
      return `<h${h}>${rand.title(rand.int(1, 6))}</h${h}>`;
    }
    default:
      return para(rand, accent);
  }
}

const len = (rand, em, rem, px) => rand.pick([`${em}em`, `${rem}rem`, `${px}px`]);

/** The document CSS of one seed. */
function sheet(rand, accent) {
  const bodyFamily = rand.pick(FAMILIES[rand.pick(['serif', 'sans', 'sans', 'serif', 'mono'])]);
  const headFamily = rand.chance(0.6) ? 'inherit' : rand.pick(FAMILIES[rand.pick(['serif', 'sans'])]);
  const size = rand.int(12, 18);
  const lh = rand.pick([
    'normal',
    '1.2',
    '1.35',
    '1.4',
    '1.5',
    '1.6',
    '1.8',
    `${size + rand.int(3, 10)}px`,
    '150%',
    '1.45em',
  ]);
  const maxw = rand.pick(['none', '640px', '680px', '720px', '42em', '60ch', '90%']);
  const pad = rand.pick(['0', '16px', '24px', '2em', '1rem 2rem', '40px 48px']);
  const justify = rand.chance(0.35);
  const tableCollapse = rand.chance(0.6) ? 'collapse' : 'separate';
  const zebra = rand.chance(0.5);
  const pageBox = rand.chance(0.4)
    ? `border: 1px solid ${rand.pick(BORDERS)}; background: #fff; box-shadow: none;`
    : '';
  const h = (n, base) => {
    const fs = rand.chance(0.3)
      ? `${(base + rand.int(-2, 2) / 10).toFixed(2)}em`
      : rand.chance(0.5)
        ? `${Math.round(size * base)}px`
        : '';
    const m = rand.chance(0.5)
      ? `margin: ${len(rand, rand.pick([0.5, 0.67, 1, 1.2]), rand.pick([0.5, 1, 1.5]), rand.pick([8, 12, 20, 24]))} 0 ${len(rand, rand.pick([0.3, 0.5, 0.8]), rand.pick([0.5, 0.75]), rand.pick([4, 8, 10]))};`
      : '';
    const t = rand.chance(0.15)
      ? `text-transform: ${rand.pick(['uppercase', 'capitalize'])}; letter-spacing: ${rand.pick(['0.05em', '1px', '0.1em'])};`
      : '';
    const b = rand.chance(0.2)
      ? `border-bottom: ${rand.pick([1, 2])}px solid ${rand.pick(BORDERS)}; padding-bottom: ${rand.int(2, 8)}px;`
      : '';
    const lhh = rand.chance(0.4) ? `line-height: ${rand.pick(['1.1', '1.2', '1.25', '1.3'])};` : '';
    const w = rand.chance(0.2) ? `font-weight: ${rand.pick([500, 600, 700, 800, 'normal'])};` : '';
    return `h${n} { ${fs ? `font-size: ${fs};` : ''} ${m} ${t} ${b} ${lhh} ${w} }`;
  };
  const pm = rand.pick([
    '',
    `p { margin: 0 0 ${len(rand, rand.pick([0.5, 0.75, 1, 1.25]), rand.pick([0.75, 1]), rand.pick([6, 10, 12, 16]))}; }`,
    `p { margin: ${len(rand, 0.6, 0.8, 10)} 0; }`,
    'p + p { text-indent: 1.5em; margin: 0; }',
  ]);
  const cellPad = rand.pick(['4px 8px', '6px 10px', '0.5em', '8px', '.25rem .5rem', '2px 4px']);
  const cellBorder = rand.pick([
    `th, td { border: 1px solid ${rand.pick(BORDERS)}; }`,
    `th, td { border-bottom: 1px solid ${rand.pick(BORDERS)}; }`,
    `table { border: ${rand.pick([1, 2])}px solid ${rand.pick(BORDERS)}; } th { border-bottom: 2px solid ${rand.pick(BORDERS)}; }`,
    '',
  ]);
  return `
html { ${rand.chance(0.2) ? `font-size: ${rand.pick(['14px', '15px', '16px', '62.5%', '100%'])};` : ''} }
body { margin: ${rand.pick(['0', '8px', '20px', '2em', '40px auto'])}; font-family: ${bodyFamily}; font-size: ${size}px; line-height: ${lh}; color: ${rand.pick(COLORS)}; background: ${rand.chance(0.2) ? rand.pick(PALE) : '#fff'}; ${rand.chance(0.1) ? `letter-spacing: ${rand.pick(['0.01em', '0.2px', '-0.01em'])};` : ''} }
.page { max-width: ${maxw}; margin: ${rand.pick(['0 auto', '20px auto', '0', '2em auto'])}; padding: ${pad}; ${pageBox} ${justify ? 'text-align: justify;' : ''} ${rand.chance(0.5) ? 'box-sizing: border-box;' : ''} }
h1, h2, h3, h4 { font-family: ${headFamily}; ${rand.chance(0.3) ? `color: ${accent};` : ''} ${justify ? 'text-align: left;' : ''} }
${h(1, rand.pick([2, 1.8, 2.2, 2.5]))}
${h(2, rand.pick([1.5, 1.4, 1.6]))}
${h(3, rand.pick([1.17, 1.25, 1.1]))}
${h(4, rand.pick([1, 1.05, 0.95]))}
${pm}
a { color: ${accent}; ${rand.chance(0.5) ? 'text-decoration: none;' : ''} }
code { font-family: ${rand.pick(FAMILIES.mono)}; font-size: ${rand.pick(['0.9em', '85%', '13px', '1em', '0.875rem'])}; ${rand.chance(0.5) ? `background: ${rand.pick(PALE)}; padding: ${rand.pick(['1px 3px', '0.1em 0.3em', '2px 4px'])}; border-radius: 3px;` : ''} }
pre { font-family: ${rand.pick(FAMILIES.mono)}; background: ${rand.pick(PALE)}; padding: ${rand.pick(['8px', '12px 16px', '1em', '0.5rem 1rem'])}; ${rand.chance(0.5) ? `border: 1px solid ${rand.pick(BORDERS)};` : ''} ${rand.chance(0.4) ? `line-height: ${rand.pick(['1.3', '1.45', '18px', 'normal'])};` : ''} ${rand.chance(0.3) ? `font-size: ${rand.pick(['13px', '0.85em', '14px'])};` : ''} overflow: auto; }
pre code { background: none; padding: 0; font-size: inherit; }
blockquote { margin: ${rand.pick(['1em 40px', '1em 0', '0 0 1em', '16px 24px'])}; ${rand.chance(0.6) ? `padding: ${rand.pick(['0 1em', '4px 16px', '0.5em 1em'])}; border-left: ${rand.pick([3, 4, 5])}px solid ${rand.pick(BORDERS)};` : ''} ${rand.chance(0.4) ? 'font-style: italic;' : ''} ${rand.chance(0.3) ? `color: ${rand.pick(['#555', '#666', '#57606a'])};` : ''} }
ul { list-style-type: ${rand.pick(['disc', 'disc', 'circle', 'square', 'none'])}; ${rand.chance(0.4) ? `padding-left: ${rand.pick(['1.2em', '20px', '2em', '1.5rem'])};` : ''} ${rand.chance(0.3) ? `margin: ${rand.pick(['0 0 1em', '0.5em 0', '8px 0'])};` : ''} }
ol { list-style-type: ${rand.pick(['decimal', 'decimal', 'lower-alpha', 'upper-roman', 'lower-roman', 'decimal-leading-zero'])}; ${rand.chance(0.3) ? `list-style-position: ${rand.pick(['inside', 'outside'])};` : ''} }
li { ${rand.chance(0.4) ? `margin-bottom: ${rand.pick(['0.25em', '4px', '0.5em', '2px'])};` : ''} ${rand.chance(0.15) ? `line-height: ${rand.pick(['1.3', '1.6', '20px'])};` : ''} }
dt { font-weight: ${rand.pick(['bold', '600', 'normal'])}; ${rand.chance(0.3) ? 'float: left; clear: left; width: 8em;' : ''} }
dd { margin: ${rand.pick(['0 0 0.5em 2em', '0 0 0 40px', '0 0 8px 1.5em', '0 0 0 9em'])}; }
table { border-collapse: ${tableCollapse}; ${tableCollapse === 'separate' ? `border-spacing: ${rand.pick(['0', '2px', '4px 2px'])};` : ''} width: ${rand.pick(['100%', '100%', 'auto', '80%', '90%'])}; margin: ${rand.pick(['1em 0', '16px 0', '0 0 1.5em', '1.5rem auto'])}; ${rand.chance(0.3) ? `font-size: ${rand.pick(['0.9em', '14px', '90%', '13px'])};` : ''} }
th, td { padding: ${cellPad}; text-align: left; ${rand.chance(0.3) ? 'vertical-align: top;' : ''} }
${cellBorder}
th { ${rand.chance(0.5) ? `background: ${rand.pick(PALE)};` : ''} ${rand.chance(0.2) ? 'text-transform: uppercase; font-size: 0.8em; letter-spacing: 0.05em;' : ''} }
${zebra ? `tbody tr:nth-child(${rand.pick(['even', 'odd'])}) { background: ${rand.pick(PALE)}; }` : ''}
td.num, th.num { text-align: right; ${rand.chance(0.3) ? 'font-variant-numeric: tabular-nums;' : ''} }
caption { ${rand.chance(0.5) ? 'caption-side: bottom;' : ''} ${rand.chance(0.5) ? 'text-align: left;' : ''} font-size: ${rand.pick(['0.9em', 'inherit', '13px'])}; padding: 4px; }
hr { ${rand.pick(['', `border: 0; border-top: 1px solid ${rand.pick(BORDERS)};`, `border: none; height: 1px; background: ${rand.pick(BORDERS)};`, `border: 0; border-top: 2px dashed ${rand.pick(BORDERS)}; margin: 2em 0;`])} }
figure { margin: ${rand.pick(['1em 40px', '1em 0', '0 0 1em', '24px auto'])}; ${rand.chance(0.3) ? 'text-align: center;' : ''} }
figure.left { float: left; margin: 0 1em 0.5em 0; }
figure.right { float: right; margin: 0 0 0.5em 1em; }
figcaption { font-size: ${rand.pick(['0.85em', '13px', '0.9rem', 'small'])}; ${rand.chance(0.4) ? 'color: #666;' : ''} ${rand.chance(0.3) ? 'font-style: italic;' : ''} ${rand.chance(0.4) ? 'margin-top: 4px;' : ''} }
img, svg { ${rand.chance(0.5) ? 'max-width: 100%;' : ''} ${rand.chance(0.3) ? 'display: block;' : ''} ${rand.chance(0.2) ? 'vertical-align: middle;' : ''} }
.meta { ${rand.chance(0.5) ? 'color: #666;' : ''} font-size: ${rand.pick(['0.9em', '14px', 'small', '0.8rem'])}; ${rand.chance(0.3) ? 'margin: 0;' : ''} }
.aside { ${rand.chance(0.5) ? 'text-align: right;' : ''} }
address { font-style: ${rand.pick(['normal', 'italic'])}; ${rand.chance(0.3) ? `line-height: ${rand.pick(['1.4', '1.6'])};` : ''} }
.clearfix::after { content: ""; display: table; clear: both; }
mark { ${rand.chance(0.5) ? 'background: #fff3a3;' : ''} }
small { ${rand.chance(0.3) ? 'font-size: 75%;' : ''} }
sup, sub { ${rand.chance(0.4) ? 'font-size: 75%; line-height: 0; position: relative; vertical-align: baseline;' : ''} }
${rand.chance(0.4) ? 'sup { top: -0.5em; } sub { bottom: -0.25em; }' : ''}
${rand.chance(0.2) ? `section { margin-bottom: ${len(rand, 2, 2, 32)}; }` : ''}
${rand.chance(0.2) ? `.cols { column-count: 2; column-gap: ${rand.pick(['2em', '24px'])}; }` : ''}`;
}

/** The whole page of one seed. */
export function generatedPage(seed) {
  const rand = makeRandom(seed);
  const accent = rand.pick(ACCENTS);
  const kind = rand.pick(['article', 'report', 'resume', 'invoice', 'letter', 'chapter']);
  const css = sheet(rand, accent);
  const parts = [header(rand, kind)];
  if (kind === 'letter')
    parts.push(address(rand), `<p>${rand.pick(['Dear', 'Hello'])} ${rand.title(1)},</p>`);
  if (kind === 'invoice') parts.push(table(rand, accent));
  const sections = rand.int(2, 4);
  for (let s = 0; s < sections; s++) {
    const inner = [`<h2>${rand.title(rand.int(1, 5))}</h2>`];
    for (let i = rand.int(3, 7); i > 0; i--) inner.push(block(rand, kind, accent, 3));
    const cls = rand.chance(0.15) ? ' class="clearfix"' : '';
    parts.push(`<section${cls}>${inner.join('\n')}</section>`);
  }
  if (kind === 'letter') parts.push(`<p>${rand.pick(['Sincerely', 'Regards'])},<br>${rand.title(2)}</p>`);
  if (rand.chance(0.3))
    parts.push(`<hr><footer><p class="meta">${inline(rand, rand.int(5, 15), accent)}</p></footer>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${kind} ${seed}</title><style>${css}</style></head>
<body><div class="page">
${parts.join('\n')}
</div></body></html>
`;
}

// ---- forms family (docs16): `--family=forms` ------------------------------------------------------------------
// Pages of ordinary forms (sign-up, settings, order, survey, search, contact): fieldsets and legends, labels beside
// or above controls, inputs of the common types, selects and list boxes, text areas, buttons, progress/meter/output,
// controls inside paragraphs, flex rows and table cells; half the pages leave the controls to the user agent's
// look, the others style them as form pages do. The default family's pages do not depend on this block.

const INPUT_TYPES = [
  ['text', () => ''],
  ['email', () => ' placeholder="you@example.com"'],
  ['password', () => ' value="secret"'],
  ['number', (rand) => ` value="${rand.int(0, 999)}"`],
  ['search', () => ' placeholder="Search…"'],
  ['tel', () => ' placeholder="555-0100"'],
  ['url', () => ' value="https://example.org"'],
  ['date', () => ' value="2024-05-06"'],
  ['time', () => ' value="13:45"'],
  ['range', () => ''],
  ['color', () => ' value="#3366cc"'],
  ['file', () => ''],
];

function formInput(rand) {
  const [type, attrs] = rand.pick(INPUT_TYPES);
  const value =
    type === 'text' && rand.chance(0.5)
      ? ` value="${rand.title(rand.int(1, 3))}"`
      : type === 'text' && rand.chance(0.5)
        ? ` placeholder="${rand.title(rand.int(1, 2))}"`
        : attrs(rand);
  const size = type === 'text' && rand.chance(0.15) ? ` size="${rand.int(8, 30)}"` : '';
  const disabled = rand.chance(0.08) ? ' disabled' : '';
  return `<input type="${type}"${value}${size}${disabled}>`;
}

function formSelect(rand) {
  const options = [];
  for (let i = rand.int(2, 6); i > 0; i--) options.push(`<option>${rand.title(rand.int(1, 3))}</option>`);
  const list = rand.chance(0.2) ? (rand.chance(0.5) ? ' multiple' : ` size="${rand.int(2, 4)}"`) : '';
  return `<select${list}${rand.chance(0.06) ? ' disabled' : ''}>${options.join('')}</select>`;
}

function formControl(rand) {
  const k = rand.r();
  if (k < 0.55) return formInput(rand);
  if (k < 0.75) return formSelect(rand);
  if (k < 0.85)
    return `<textarea rows="${rand.int(2, 4)}"${rand.chance(0.5) ? ` placeholder="${rand.words(3)}"` : ''}>${rand.chance(0.5) ? rand.words(rand.int(2, 8)) : ''}</textarea>`;
  if (k < 0.92) {
    const t = rand.pick(['checkbox', 'radio']);
    const items = [];
    for (let i = rand.int(2, 4); i > 0; i--)
      items.push(
        `<label><input type="${t}" name="g"${rand.chance(0.4) ? ' checked' : ''}> ${rand.title(rand.int(1, 2))}</label>`,
      );
    return items.join(rand.chance(0.5) ? ' ' : '<br>');
  }
  return rand.pick([
    `<progress value="${rand.int(0, 100)}" max="100"></progress>`,
    `<meter value="${rand.int(1, 9) / 10}"></meter>`,
    `<output>${rand.int(0, 999)}</output>`,
  ]);
}

let formFieldId = 0;
function formField(rand, layout) {
  const id = `f${formFieldId++}`;
  const label = `<label for="${id}">${rand.title(rand.int(1, 3))}${rand.chance(0.3) ? ' *' : ''}</label>`;
  const control = formControl(rand).replace(/^<(input|select|textarea)/, `<$1 id="${id}"`);
  const help = rand.chance(0.15) ? `<small class="help">${rand.words(rand.int(3, 8))}</small>` : '';
  if (layout === 'table') return `<tr><th>${label}</th><td>${control}${help}</td></tr>`;
  if (layout === 'inline') return `${label} ${control} `;
  return `<div class="field">${label}${layout === 'stacked' ? '<br>' : ' '}${control}${help}</div>`;
}

function formGroup(rand, accent) {
  const layout = rand.pick(['stacked', 'beside', 'flex', 'table', 'inline']);
  const fields = [];
  for (let i = rand.int(2, 6); i > 0; i--) fields.push(formField(rand, layout));
  let body;
  if (layout === 'table') body = `<table class="form">${fields.join('')}</table>`;
  else if (layout === 'inline') body = `<p>${fields.join('')}</p>`;
  else if (layout === 'flex') body = `<div class="row">${fields.join('')}</div>`;
  else body = fields.join('\n');
  if (rand.chance(0.2)) body = `<p>${inline(rand, rand.int(8, 30), accent)}</p>${body}`;
  if (!rand.chance(0.6)) return `<div class="group">${body}</div>`;
  const legend = rand.chance(0.9) ? `<legend>${rand.title(rand.int(1, 4))}</legend>` : '';
  return `<fieldset${rand.chance(0.06) ? ' disabled' : ''}>${legend}${body}</fieldset>`;
}

function formButtons(rand) {
  const out = [];
  for (let i = rand.int(1, 3); i > 0; i--)
    out.push(
      rand.pick([
        `<button type="submit">${rand.title(rand.int(1, 2))}</button>`,
        `<button type="button" class="secondary">${rand.title(rand.int(1, 2))}</button>`,
        '<input type="submit">',
        '<input type="reset">',
        `<input type="button" value="${rand.title(1)}">`,
      ]),
    );
  return `<div class="actions">${out.join(' ')}</div>`;
}

/** The document CSS of one forms seed: the page's type and, on about half the pages, the controls' own styles. */
function formsSheet(rand, accent) {
  const bodyFamily = rand.pick(FAMILIES[rand.pick(['serif', 'sans', 'sans', 'sans', 'mono'])]);
  const size = rand.int(13, 18);
  const lh = rand.pick(['normal', '1.2', '1.4', '1.5', '1.6', `${size + rand.int(4, 10)}px`]);
  const styled = rand.chance(0.5);
  const field = rand.pick([
    '',
    'margin: 0 0 12px;',
    'margin-bottom: 1em;',
    'margin: 8px 0;',
    'padding: 4px 0;',
  ]);
  const labelBlock = rand.chance(0.3) ? 'display: inline-block; min-width: 9em;' : '';
  const controlFont = rand.pick([
    'font: inherit;',
    'font-family: inherit; font-size: 100%;',
    `font-size: ${rand.int(13, 16)}px;`,
    '',
  ]);
  const controls = styled
    ? `input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=color]), select, textarea { ${controlFont} padding: ${rand.pick(['4px 6px', '6px 8px', '0.4em 0.6em', '8px 12px', '2px 4px'])}; border: 1px solid ${rand.pick(BORDERS)}; border-radius: ${rand.pick(['0', '3px', '4px', '6px', '0.25rem'])}; ${rand.chance(0.4) ? 'box-sizing: border-box;' : ''} ${rand.chance(0.3) ? `width: ${rand.pick(['100%', '240px', '20em', '60%'])};` : ''} ${rand.chance(0.3) ? `background: ${rand.pick(['#fff', ...PALE])};` : ''} ${rand.chance(0.2) ? 'appearance: none;' : ''} }
button, input[type=submit], input[type=reset], input[type=button] { ${controlFont} padding: ${rand.pick(['6px 14px', '0.5em 1em', '8px 16px', '4px 10px'])}; border: ${rand.pick(['0', `1px solid ${accent}`, '1px solid transparent'])}; border-radius: ${rand.pick(['0', '3px', '4px', '999px'])}; background: ${accent}; color: #fff; ${rand.chance(0.3) ? 'font-weight: 600;' : ''} }
button.secondary { background: ${rand.pick(['#fff', '#e5e7eb', 'transparent'])}; color: ${accent}; ${rand.chance(0.5) ? `border: 1px solid ${accent};` : ''} }
::placeholder { ${rand.chance(0.5) ? `color: ${rand.pick(['#999', '#aaa', '#6b7280'])};` : ''} }`
    : '';
  const fieldset = rand.pick([
    '',
    `fieldset { border: 1px solid ${rand.pick(BORDERS)}; padding: ${rand.pick(['8px 12px', '1em', '12px 16px 16px'])}; margin: ${rand.pick(['0 0 1em', '16px 0', '1em 0'])}; ${rand.chance(0.3) ? `border-radius: ${rand.pick(['4px', '6px'])};` : ''} ${rand.chance(0.3) ? `background: ${rand.pick(PALE)};` : ''} }`,
    `fieldset { border: 0; padding: 0; margin: 0 0 1.5em; } legend { font-weight: bold; padding: 0; ${rand.chance(0.5) ? 'margin-bottom: 8px;' : ''} ${rand.chance(0.4) ? `font-size: ${rand.pick(['1.2em', '18px', '1.1rem'])};` : ''} }`,
    `fieldset { border: ${rand.pick([2, 3])}px ${rand.pick(['groove', 'ridge', 'solid', 'double'])} ${rand.pick(BORDERS)}; }`,
  ]);
  const legend = rand.chance(0.4)
    ? `legend { ${rand.chance(0.5) ? `padding: ${rand.pick(['0 4px', '0 8px', '2px 6px', '0'])};` : ''} ${rand.chance(0.3) ? `color: ${accent};` : ''} ${rand.chance(0.3) ? 'font-weight: 600;' : ''} ${rand.chance(0.15) ? `background: ${rand.pick(PALE)};` : ''} ${rand.chance(0.1) ? `display: ${rand.pick(['inline', 'inline-block', 'flex'])};` : ''} }`
    : '';
  return `
body { margin: ${rand.pick(['0', '8px', '20px', '2em'])}; font-family: ${bodyFamily}; font-size: ${size}px; line-height: ${lh}; color: ${rand.pick(COLORS)}; background: ${rand.chance(0.2) ? rand.pick(PALE) : '#fff'}; }
.page { max-width: ${rand.pick(['none', '560px', '640px', '720px', '40em'])}; margin: ${rand.pick(['0 auto', '20px auto', '0'])}; padding: ${rand.pick(['0', '16px', '24px', '1rem 2rem'])}; ${rand.chance(0.3) ? `border: 1px solid ${rand.pick(BORDERS)};` : ''} }
h1 { font-size: ${rand.pick(['1.6em', '24px', '2em', '1.8rem'])}; margin: ${rand.pick(['0 0 12px', '0.5em 0', '0 0 1em'])}; }
h2 { font-size: ${rand.pick(['1.2em', '18px', '1.3em'])}; }
a { color: ${accent}; }
.field { ${field} }
label { ${labelBlock} ${rand.chance(0.3) ? 'font-weight: 600;' : ''} ${rand.chance(0.2) ? `font-size: ${rand.pick(['0.9em', '14px'])};` : ''} }
.row { display: flex; ${rand.chance(0.7) ? 'flex-wrap: wrap;' : ''} gap: ${rand.pick(['8px', '12px 16px', '1em'])}; align-items: ${rand.pick(['flex-start', 'center', 'baseline', 'flex-end', 'stretch'])}; }
.row .field { ${rand.chance(0.5) ? 'flex: 1;' : ''} }
table.form { border-collapse: ${rand.pick(['collapse', 'separate'])}; ${rand.chance(0.5) ? 'width: 100%;' : ''} }
table.form th { text-align: ${rand.pick(['left', 'right'])}; font-weight: ${rand.pick(['normal', 'bold'])}; padding: ${rand.pick(['4px 8px', '6px 12px 6px 0', '0.3em'])}; vertical-align: ${rand.pick(['top', 'middle', 'baseline'])}; }
table.form td { padding: ${rand.pick(['4px 8px', '6px 0', '0.3em'])}; ${rand.chance(0.4) ? `border-bottom: 1px solid ${rand.pick(BORDERS)};` : ''} }
.help { display: ${rand.pick(['block', 'inline'])}; color: ${rand.pick(['#666', '#6b7280', '#888'])}; }
.actions { margin-top: ${rand.pick(['12px', '1em', '20px'])}; ${rand.chance(0.3) ? 'text-align: right;' : ''} }
.group { margin: ${rand.pick(['0 0 1em', '12px 0', '0'])}; }
${fieldset}
${legend}
${controls}`;
}

/** The whole page of one forms seed. */
export function formsPage(seed) {
  const rand = makeRandom(seed * 31 + 5);
  formFieldId = 0;
  const accent = rand.pick(ACCENTS);
  const kind = rand.pick(['sign-up', 'settings', 'order', 'survey', 'search', 'contact']);
  const css = formsSheet(rand, accent);
  const parts = [`<h1>${rand.title(rand.int(1, 4))}</h1>`];
  if (rand.chance(0.7)) parts.push(para(rand, accent));
  for (let g = rand.int(2, 4); g > 0; g--) {
    if (rand.chance(0.3)) parts.push(`<h2>${rand.title(rand.int(1, 4))}</h2>`);
    parts.push(formGroup(rand, accent));
  }
  parts.push(formButtons(rand));
  if (rand.chance(0.3)) parts.push(`<p class="help">${inline(rand, rand.int(6, 20), accent)}</p>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${kind} form ${seed}</title><style>${css}</style></head>
<body><div class="page"><form>
${parts.join('\n')}
</form></div></body></html>
`;
}
// ---- end of the forms family ----------------------------------------------------------------------------------

function seedsOf(spec) {
  const out = [];
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map(Number);
    for (let s = a; s <= (b ?? a); s++) out.push(s);
  }
  return out;
}

/** Pictor in a child process (generated-child.mjs), started again when a page aborts it. */
function isolatedPictor() {
  let child;
  const start = () => {
    child = fork(fileURLToPath(new URL('./generated-child.mjs', import.meta.url)), { stdio: 'ignore' });
    return new Promise((resolve) => child.once('message', resolve));
  };
  let ready = start();
  return {
    async render(html, { width, height, dir }) {
      await ready;
      const answer = await new Promise((resolve) => {
        const exit = (code, signal) =>
          resolve({ error: `Pictor's process ended (${signal ?? code})`, exited: true });
        child.once('exit', exit);
        child.once('message', (message) => {
          child.off('exit', exit);
          resolve(message);
        });
        child.send({ html, width, height, dir });
      });
      if (answer.exited) ready = start();
      if (answer.error) throw new Error(answer.error);
      return { png: Buffer.from(answer.png, 'base64') };
    },
    close: () => child.kill(),
  };
}

/** The page maker of a family of generated documents: each family is its own module but the first. */
async function familyPage(family) {
  if (family === 'document') return (seed) => generatedPage(seed);
  if (family === 'layout') return (await import('./generated-layout.mjs')).layoutPage;
  if (family === 'forms') return formsPage;
  if (family === 'text') return (await import('./generated-text.mjs')).textPage;
  throw new Error(`unknown --family=${family}`);
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const family = option('family') ?? 'document';
  const pageOf = await familyPage(family);
  const prefix = family === 'document' ? 'seed' : `${family}-seed`;
  const page = option('page');
  if (page) {
    const html = pageOf(Number(page));
    const file = args.find((a) => !a.startsWith('--'));
    if (file) writeFileSync(file, html);
    else process.stdout.write(html);
    return;
  }
  const heldOut = args.includes('--held-out');
  const seeds = seedsOf(option('seeds') ?? '1-200');
  if (!heldOut && seeds.some((s) => s > 1000))
    throw new Error('seeds over 1000 are held out: run them with --held-out (summary only)');
  const worst = heldOut ? 0 : Number(option('worst') ?? 8);
  const here = fileURLToPath(new URL('.', import.meta.url));
  const outDir = option('out') ?? join(here, 'out/generated');
  mkdirSync(outDir, { recursive: true });
  const { launchChromium } = await import('./chromium.mjs');
  const { createPictor } = await import('./engines.mjs');
  const { flattenedPixels } = await import('./flattened-pixels.mjs');
  const { DSSIM_OPTIONS } = await import('./ssim-options.mjs');
  let browser = await launchChromium();
  const pictor = args.includes('--isolate')
    ? isolatedPictor()
    : await createPictor({ engine: 'pipeline', workers: Number(option('pictor-workers') ?? 0) });
  const rows = [];
  for (const seed of seeds) {
    const html = pageOf(seed);
    const file = join(outDir, `.page-${process.pid}.html`);
    writeFileSync(file, html);
    // Chromium now and then fails a capture under load ("Unable to capture screenshot"): try again.
    // Chromium itself dies now and then: launched again.
    let reference;
    for (let attempt = 0; !reference; attempt++) {
      try {
        reference = await browser.screenshot(pathToFileURL(file).href, WIDTH, HEIGHT);
      } catch (error) {
        if (attempt === 3) throw error;
        await browser.close().catch(() => {});
        browser = await launchChromium();
      }
    }
    let dssim;
    let png;
    try {
      ({ png } = await pictor.render(html, { width: WIDTH, height: HEIGHT, dir: outDir }));
      const a = await flattenedPixels(reference, WIDTH, HEIGHT);
      const b = await flattenedPixels(png, WIDTH, HEIGHT);
      dssim = ssim(a, b, DSSIM_OPTIONS).mssim;
    } catch (error) {
      dssim = 0;
      if (!heldOut) console.log(`seed ${seed} FAILED ${String(error?.message ?? error).split('\n')[0]}`);
    }
    rows.push({ seed, dssim, reference, png, html });
    if (!heldOut) console.log(`seed ${String(seed).padStart(4)} dssim ${dssim.toFixed(4)}`);
    if (rows.length > worst) {
      // Keep only the pictures of the `worst` lowest so far.
      rows.sort((x, y) => x.dssim - y.dssim);
      for (const row of rows.slice(worst)) {
        row.reference = undefined;
        row.png = undefined;
        row.html = undefined;
      }
    }
  }
  await browser.close();
  pictor.close?.();
  const scores = rows.map((r) => r.dssim);
  const mean = scores.reduce((s, x) => s + x, 0) / scores.length;
  const under = (t) => scores.filter((x) => x < t).length;
  console.log(
    `${family === 'document' ? '' : `${family} `}seeds ${option('seeds') ?? '1-200'}: ${scores.length} pages, mean dSSIM ${mean.toFixed(4)}, min ${Math.min(...scores).toFixed(4)}, under 0.95: ${under(0.95)}, under 0.85: ${under(0.85)}`,
  );
  rows.sort((x, y) => x.dssim - y.dssim);
  for (const row of rows.slice(0, worst)) {
    if (!row.png) continue;
    const gap = 6;
    const pair = await sharp({
      create: { width: WIDTH * 2 + gap, height: HEIGHT, channels: 4, background: '#f0f' },
    })
      .composite([
        {
          input: await sharp(row.reference).flatten({ background: '#fff' }).png().toBuffer(),
          left: 0,
          top: 0,
        },
        {
          input: await sharp(row.png).flatten({ background: '#fff' }).png().toBuffer(),
          left: WIDTH + gap,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    writeFileSync(join(outDir, `${prefix}-${row.seed}.png`), pair);
    writeFileSync(join(outDir, `${prefix}-${row.seed}.html`), row.html);
    console.log(
      `worst: seed ${row.seed} ${row.dssim.toFixed(4)} → ${join(outDir, `${prefix}-${row.seed}.png`)}`,
    );
  }
  process.exit(0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
