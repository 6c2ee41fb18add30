/**
 * Fuzz the whole render with real CSS: random markup (tags, tables, lists, forms, SVG, ruby, details; presentational
 * and hostile attribute values: colspan="99999", width="1e9", bgcolor="chucknorris"…) styled by
 * declarations and selectors taken from the TUNING part of the wider fidelity corpus (never a held-out document), in
 * a worker pool as the service runs it. Every render that ends in RENDER_FAILED, INTERNAL or an error without a code
 * is a bug (a valid page must draw, an invalid value must be dropped with a warning): its seed, code and message are
 * printed and its document saved as <out>/fuzz-<seed>.html to reduce. So is a render during which the engine wrote to
 * stderr (it never calls the console: a worker's console output reaches this process's stderr). Refusals by a
 * documented limit or a missing picture (FETCH_ERROR, RENDER_TIMEOUT…) are not counted. Deterministic per seed
 * (mulberry32). Found this way: unloadable-url-image, offcanvas-transparent-stroke and satori-no-console
 * (docs/layout-engine.md).
 *
 *   pnpm --filter @pictor/core build
 *   node benchmarks/guards/fuzz-render.mjs [--first 1] [--count 200] [--out /tmp]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRenderer } from '@pictor/core';
import { isHeldOut } from '../fidelity/corpus-split.mjs';

const { values } = parseArgs({
  options: {
    first: { type: 'string', default: '1' },
    count: { type: 'string', default: '200' },
    out: { type: 'string', default: '/tmp' },
  },
});

const wider = join(import.meta.dirname, '../fidelity/wider');
const declarations = new Set();
const selectors = new Set();
for (const name of readdirSync(wider)) {
  if (isHeldOut(name) || !existsSync(join(wider, name, 'index.html'))) continue;
  const html = readFileSync(join(wider, name, 'index.html'), 'utf8');
  for (const m of html.matchAll(/([a-z-]{2,40})\s*:\s*([^;{}<>"]{1,80})(?=[;}"])/g))
    declarations.add(`${m[1]}:${m[2].trim()}`);
  for (const m of html.matchAll(/(?:^|})\s*([^{}@;]{1,60})\{/g)) selectors.add(m[1].trim());
}
const DECLARATIONS = [...declarations];
const SELECTORS = [...selectors].filter((s) => s && !/[<>]|\n/.test(s));
console.log(`${DECLARATIONS.length} declarations and ${SELECTORS.length} selectors from the tuning part`);

/** mulberry32: a failure is reproducible from its seed. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS =
  'div span p b i a ul ol li pre code h1 h2 h3 table tr td th thead tbody sup sub q hr br img section blockquote dl dt dd caption header aside nav article figure figcaption small strong em label input button select textarea progress svg abbr time address'.split(
    ' ',
  );
const EMPTY = new Set(['br', 'hr', 'img', 'input']);
const CLASSES = ['a', 'b', 'c', 'x', 'y', 'row', 'col', 'title'];
const TEXTS = [
  'Text with words ',
  'longer words in a sentence that wraps ',
  '漢字かな ',
  'مرحبا بالعالم ',
  '\n ',
  '&nbsp;·&nbsp;',
  '2024 – 2025 ',
];
const PICTURE =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%2210%22/%3E';

const ATTRIBUTES =
  'width="1e9"|height="-5"|width="50%"|height="0"|colspan="0"|rowspan="0"|colspan="99999"|rowspan="65535"|span="1000"|align="justify"|align="center"|valign="baseline"|bgcolor="#zz"|bgcolor="chucknorris"|border="3"|border="-1"|cellpadding="4"|cellspacing="0"|size="7"|size="-3"|color="red"|face="x"|start="-3"|start="2147483648"|type="A"|type="i"|value="-1"|dir="rtl"|dir="auto"|lang="ar"|lang="ja"|hidden|nowrap|background="x.png"|alt=""|frame="void"|rules="all"|clear="all"|noshade|max="0"|min="5"|checked|selected|disabled|open|reversed|rows="0"|cols="9999"|multiple|placeholder="Write here"|align="right"|hspace="20"|vspace="-4"|leftmargin="30"|marginwidth="5"|topmargin="-10"|abbr="x"|scope="col"|headers="a"|tabindex="-1"|popover|inert|translate="no"'.split(
    '|',
  );

function soup(rand, depth = 0) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  let out = '';
  const n = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i++) {
    const roll = rand();
    if (roll < 0.08 && depth < 5) {
      const cls = pick(CLASSES);
      out += pick([
        `<table class="${cls}"><thead><tr><th colspan="2">H</th><th>x</th></tr></thead><tbody><tr><td rowspan="2">${soup(rand, depth + 2)}</td><td>b</td><td>c</td></tr><tr><td colspan="2">${soup(rand, depth + 2)}</td></tr></tbody></table>`,
        `<ul class="${cls}"><li>${soup(rand, depth + 2)}</li><li><ol start="3"><li>n</li></ol></li></ul>`,
        `<select class="${cls}"><option>One</option><option selected>Two</option></select><select multiple size="3"><option>a</option></select>`,
        `<svg class="${cls}" width="20" height="20" viewBox="0 0 20 20"><defs><symbol id="s"><path d="M0 0h10v10z"/></symbol></defs><use href="#s"/><circle cx="5" cy="5" r="3"/></svg>`,
        `<dl class="${cls}"><dt>T</dt><dd>${soup(rand, depth + 2)}</dd></dl>`,
        '<ruby>漢<rt>kan</rt></ruby>',
        `<fieldset><legend>L</legend>${soup(rand, depth + 2)}</fieldset>`,
        `<details open><summary>S</summary>${soup(rand, depth + 2)}</details>`,
        `<p class="${cls}">${soup(rand, depth + 2)}<br>${soup(rand, depth + 2)}</p>`,
      ]);
    } else if (roll < 0.35 || depth > 6) out += pick(TEXTS);
    else {
      const tag = pick(TAGS);
      let style = '';
      const k = Math.floor(rand() * 4);
      for (let j = 0; j < k; j++) style += `${pick(DECLARATIONS).replaceAll('"', "'")};`;
      let extra = '';
      while (rand() < 0.45) extra += ` ${pick(ATTRIBUTES)}`;
      const attrs = `${style ? ` style="${style}"` : ''}${rand() < 0.5 ? ` class="${pick(CLASSES)}"` : ''}${tag === 'img' ? ` src="${PICTURE}"` : ''}${extra}`;
      out += `<${tag}${attrs}>${EMPTY.has(tag) ? '' : soup(rand, depth + 1)}</${tag}>`;
    }
  }
  return out;
}

function sheet(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  let out = '';
  const n = Math.floor(rand() * 12);
  for (let i = 0; i < n; i++) {
    const pseudo = pick([
      '',
      '',
      '::before',
      '::after',
      '::first-line',
      '::first-letter',
      '::marker',
      ':first-child',
    ]);
    const selector =
      rand() < 0.5 ? pick(SELECTORS) : `${pick(TAGS)}${rand() < 0.5 ? `.${pick(CLASSES)}` : ''}${pseudo}`;
    let body = rand() < 0.4 ? "content:'»';" : '';
    const k = 1 + Math.floor(rand() * 5);
    for (let j = 0; j < k; j++) body += `${pick(DECLARATIONS)};`;
    out += `${selector}{${body}}\n`;
  }
  return out;
}

const renderer = createRenderer({ workers: 1 });
const first = Number(values.first);
const count = Number(values.count);
let bugs = 0;
// What the engine writes to stderr while a render runs (a worker's output arrives a little later: the render after
// the one that wrote may be blamed; rerun the printed seed and its predecessor to tell).
let written = '';
const stderrWrite = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) => {
  written += String(chunk);
  return stderrWrite(chunk, ...rest);
};
const report = (seed, html, what) => {
  bugs++;
  writeFileSync(join(values.out, `fuzz-${seed}.html`), html);
  console.log(`seed ${seed}: ${what.slice(0, 200)}`);
};
for (let seed = first; seed < first + count; seed++) {
  const rand = random(seed);
  const html = `${rand() < 0.8 ? '<!doctype html>' : ''}<html><head><style>${sheet(rand)}</style></head><body>${soup(rand)}</body></html>`;
  written = '';
  try {
    await renderer.render({ html, width: 400, height: rand() < 0.5 ? 300 : undefined, format: 'png' });
  } catch (error) {
    const code = error?.code;
    if (code === 'RENDER_FAILED' || code === 'INTERNAL' || !code)
      report(seed, html, `${code} ${String(error?.message ?? error)}`);
  }
  if (written) report(seed, html, `wrote to stderr: ${JSON.stringify(written)}`);
}
console.log(
  `${bugs} failed renders or console writes in ${count} documents (seeds ${first}–${first + count - 1})`,
);
await renderer.close();
process.exit(bugs > 0 ? 1 : 0);
