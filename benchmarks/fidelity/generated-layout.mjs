/**
 * The "layout" family of generated documents (generated.mjs --family=layout): ordinary pages built from what real
 * sites and documents use beyond plain flow — page layouts in grid, flex or floats (header, sidebar, main, footer),
 * multi-column text, complex tables (two header rows, colspan/rowspan, thead/tfoot, zebra rows, numbers, long
 * tables), footnotes, asides and note boxes, nested lists with varied markers and counters, definition grids, card
 * grids, media objects, badges, pull quotes, figures, details/summary, address and small print. No form controls.
 */
import { makeRandom } from './generated-random.mjs';

const FAMILIES = {
  serif: ['serif', '"Noto Serif", serif', 'Georgia, "Times New Roman", serif'],
  sans: ['sans-serif', 'Inter, sans-serif', 'system-ui, sans-serif', '"Helvetica Neue", Arial, sans-serif'],
  mono: ['monospace', '"JetBrains Mono", monospace'],
};
const COLORS = ['#111', '#222', '#333', '#1f2937', '#24292e', 'black', '#3b3b3b'];
const ACCENTS = ['#0645ad', '#1d4ed8', '#0366d6', '#b91c1c', '#047857', '#6d28d9', '#c2410c', '#0e7490'];
const PALE = ['#f6f8fa', '#f3f4f6', '#fafafa', '#eef2ff', '#fff7ed', '#f0fdf4', '#f5f5f5', '#eee'];
const BORDERS = ['#ddd', '#ccc', '#d0d7de', '#e5e7eb', '#999', '#bbb', '#000'];

function inline(rand, n, accent, notes) {
  const parts = [];
  let left = n;
  while (left > 0) {
    const k = Math.min(left, rand.int(2, 9));
    left -= k;
    const text = rand.words(k);
    if (!rand.chance(0.25)) {
      parts.push(text);
      continue;
    }
    const tag = rand.pick(['em', 'strong', 'code', 'a', 'small', 'badge', 'note', 'abbr', 'kbd', 'span']);
    if (tag === 'a') parts.push(`<a href="#x">${text}</a>`);
    else if (tag === 'badge') parts.push(`${text} <span class="badge">${rand.words(1)}</span>`);
    else if (tag === 'note' && notes) {
      notes.push(inline(rand, rand.int(4, 14), accent));
      const n = notes.length;
      parts.push(`${text}<sup class="fn"><a href="#fn${n}" id="r${n}">${n}</a></sup>`);
    } else if (tag === 'abbr') parts.push(`<abbr title="x">${text.toUpperCase().slice(0, 4)}</abbr>`);
    else if (tag === 'span') parts.push(`<span style="color: ${accent}">${text}</span>`);
    else if (tag === 'note') parts.push(text);
    else parts.push(`<${tag}>${text}</${tag}>`);
  }
  const s = parts.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

const para = (rand, accent, notes) => `<p>${inline(rand, rand.int(12, 60), accent, notes)}</p>`;

function money(rand) {
  return `${rand.pick(['$', '€', ''])}${rand.int(1, 99999).toLocaleString('en-US')}.${String(rand.int(0, 99)).padStart(2, '0')}`;
}

function svgImage(rand, accent, w, h) {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${rand.pick(PALE)}" stroke="${accent}"/><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 3}" fill="${accent}"/></svg>`;
}

/** Multi-column text: two or three columns, sometimes a rule, sometimes a heading spanning them. */
function multicol(rand, accent, notes) {
  const inner = [];
  if (rand.chance(0.3)) inner.push(`<h3 class="span">${rand.title(rand.int(2, 5))}</h3>`);
  for (let i = rand.int(2, 4); i > 0; i--) inner.push(para(rand, accent, notes));
  if (rand.chance(0.3)) inner.push(list(rand, accent, 1));
  return `<div class="cols">${inner.join('')}</div>`;
}

/** A complex table: optional two header rows, colspan/rowspan, row headers, a foot, a colgroup, long bodies. */
function table(rand, accent) {
  const cols = rand.int(3, 6);
  const rowsN = rand.chance(0.3) ? rand.int(12, 24) : rand.int(3, 8);
  const colgroup = rand.chance(0.25)
    ? `<colgroup><col style="width: ${rand.pick(['30%', '40%', '12em', '200px'])}">${'<col>'.repeat(cols - 1)}</colgroup>`
    : '';
  let thead = '';
  if (rand.chance(0.35) && cols >= 4) {
    const groups = cols - 1;
    const a = Math.ceil(groups / 2);
    thead =
      `<thead><tr><th rowspan="2">${rand.title(1)}</th><th colspan="${a}" class="group">${rand.title(2)}</th><th colspan="${groups - a}" class="group">${rand.title(2)}</th></tr>` +
      `<tr>${Array.from({ length: groups }, () => `<th class="num">${rand.title(1)}</th>`).join('')}</tr></thead>`;
  } else if (rand.chance(0.9)) {
    thead = `<thead><tr>${Array.from({ length: cols }, (_, c) => `<th${c > 0 && rand.chance(0.5) ? ' class="num"' : ''}>${rand.title(rand.int(1, 2))}</th>`).join('')}</tr></thead>`;
  }
  const body = [];
  let spanLeft = 0;
  for (let r = 0; r < rowsN; r++) {
    const cells = [];
    if (spanLeft > 0) spanLeft--;
    else if (rand.chance(0.12) && r < rowsN - 2) {
      spanLeft = rand.int(1, 2);
      cells.push(`<th scope="row" rowspan="${spanLeft + 1}">${rand.title(rand.int(1, 3))}</th>`);
    } else
      cells.push(
        rand.chance(0.3)
          ? `<th scope="row">${rand.title(rand.int(1, 3))}</th>`
          : `<td>${rand.words(rand.int(1, 5))}</td>`,
      );
    for (let c = 1; c < cols; c++) {
      if (c < cols - 1 && rand.chance(0.06)) {
        cells.push(`<td colspan="2" class="center">${rand.words(rand.int(1, 4))}</td>`);
        c++;
      } else if (rand.chance(0.6)) cells.push(`<td class="num">${money(rand)}</td>`);
      else if (rand.chance(0.2))
        cells.push(
          `<td><span class="pill">${rand.pick(['Open', 'Paid', 'Due', 'Draft', 'Late'])}</span></td>`,
        );
      else cells.push(`<td>${rand.words(rand.int(1, 3))}</td>`);
    }
    body.push(`<tr>${cells.join('')}</tr>`);
  }
  const foot = rand.chance(0.4)
    ? `<tfoot><tr><th colspan="${cols - 1}" scope="row">${rand.pick(['Total', 'Sum', 'Net'])}</th><td class="num">${money(rand)}</td></tr></tfoot>`
    : '';
  const caption = rand.chance(0.35) ? `<caption>${inline(rand, rand.int(3, 9), accent)}</caption>` : '';
  return `<table>${caption}${colgroup}${thead}<tbody>${body.join('')}</tbody>${foot}</table>`;
}

/** Nested lists: ol/ul with varied types, custom markers (strings, ::before, counters). */
function list(rand, accent, depth = 0) {
  const style = rand.pick(['plain', 'plain', 'check', 'counter', 'dash']);
  const ordered = style === 'counter' || rand.chance(0.45);
  const tag = ordered ? 'ol' : 'ul';
  const items = [];
  for (let i = rand.int(2, 5); i > 0; i--) {
    let item = inline(rand, rand.int(3, 18), accent);
    if (depth < 2 && rand.chance(0.3)) item += list(rand, accent, depth + 1);
    items.push(`<li>${item}</li>`);
  }
  const cls = style === 'plain' ? '' : ` class="${style}"`;
  const start = ordered && rand.chance(0.15) ? ` start="${rand.int(2, 9)}"` : '';
  return `<${tag}${cls}${start}>${items.join('')}</${tag}>`;
}

/** A definition list laid out as a grid (or as floats). */
function dl(rand, accent) {
  const rows = [];
  for (let i = rand.int(3, 6); i > 0; i--)
    rows.push(`<dt>${rand.title(rand.int(1, 3))}</dt><dd>${inline(rand, rand.int(2, 16), accent)}</dd>`);
  return `<dl class="grid">${rows.join('')}</dl>`;
}

function card(rand, accent) {
  const img = rand.chance(0.4)
    ? `<div class="thumb">${svgImage(rand, accent, 160, rand.int(60, 100))}</div>`
    : '';
  const badge = rand.chance(0.5) ? `<span class="badge">${rand.words(1)}</span>` : '';
  const foot = rand.chance(0.4) ? `<p class="fine">${rand.words(rand.int(2, 6))}</p>` : '';
  return `<article class="card">${img}<h3>${rand.title(rand.int(1, 4))} ${badge}</h3><p>${inline(rand, rand.int(6, 24), accent)}</p>${foot}</article>`;
}

function cards(rand, accent) {
  const out = [];
  for (let i = rand.int(2, 6); i > 0; i--) out.push(card(rand, accent));
  return `<div class="cards">${out.join('')}</div>`;
}

function media(rand, accent) {
  const size = rand.pick([48, 64, 80]);
  return `<div class="media">${svgImage(rand, accent, size, size)}<div class="media-body"><h4>${rand.title(rand.int(1, 4))}</h4><p>${inline(rand, rand.int(8, 30), accent)}</p></div></div>`;
}

function stats(rand) {
  const out = [];
  for (let i = rand.int(2, 4); i > 0; i--)
    out.push(
      `<div class="stat"><div class="value">${rand.pick(['', '$', ''])}${rand.int(1, 999)}${rand.pick(['', '%', 'k', 'M'])}</div><div class="label">${rand.words(rand.int(1, 3))}</div></div>`,
    );
  return `<div class="stats">${out.join('')}</div>`;
}

const pull = (rand, accent) =>
  `<blockquote class="pull${rand.chance(0.3) ? ` ${rand.pick(['left', 'right'])}` : ''}"><p>${inline(rand, rand.int(8, 24), accent)}</p>${rand.chance(0.5) ? `<cite>${rand.title(2)}</cite>` : ''}</blockquote>`;

function figure(rand, accent) {
  const w = rand.int(160, 420);
  const h = rand.int(80, 200);
  const float = rand.chance(0.3) ? ` class="${rand.pick(['left', 'right'])}"` : '';
  return `<figure${float}>${svgImage(rand, accent, w, h)}<figcaption>${rand.chance(0.5) ? `<strong>Figure ${rand.int(1, 9)}.</strong> ` : ''}${inline(rand, rand.int(3, 12), accent)}</figcaption></figure>`;
}

const note = (rand, accent, notes) =>
  `<aside class="note"><strong>${rand.pick(['Note', 'Tip', 'Warning', 'Important'])}:</strong> ${inline(rand, rand.int(8, 30), accent, notes)}</aside>`;

const details = (rand, accent) =>
  `<details open><summary>${rand.title(rand.int(2, 6))}</summary>${para(rand, accent)}</details>`;

function address(rand) {
  return `<address>${rand.title(2)}<br>${rand.int(1, 999)} ${rand.title(2)} Street<br>${rand.title(1)}, ${rand.int(10000, 99999)}</address>`;
}

function nav(rand) {
  const items = [];
  for (let i = rand.int(3, 6); i > 0; i--)
    items.push(`<li><a href="#x">${rand.title(rand.int(1, 2))}</a></li>`);
  return `<nav><ul class="menu">${items.join('')}</ul></nav>`;
}

/** One block of main content. */
function block(rand, accent, notes) {
  const weights = {
    p: 8,
    multicol: 2,
    table: 2.5,
    list: 2.5,
    dl: 1.2,
    cards: 1.5,
    media: 1,
    stats: 0.6,
    pull: 0.8,
    figure: 1,
    note: 1.2,
    details: 0.6,
    hr: 0.5,
    heading: 2.5,
    fine: 0.4,
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
    case 'multicol':
      return multicol(rand, accent, notes);
    case 'table':
      return table(rand, accent);
    case 'list':
      return list(rand, accent);
    case 'dl':
      return dl(rand, accent);
    case 'cards':
      return cards(rand, accent);
    case 'media':
      return media(rand, accent);
    case 'stats':
      return stats(rand);
    case 'pull':
      return pull(rand, accent);
    case 'figure':
      return figure(rand, accent);
    case 'note':
      return note(rand, accent, notes);
    case 'details':
      return details(rand, accent);
    case 'hr':
      return '<hr>';
    case 'heading': {
      const h = rand.int(3, 4);
      return `<h${h}>${rand.title(rand.int(1, 6))}</h${h}>`;
    }
    case 'fine':
      return `<p class="fine">${inline(rand, rand.int(10, 40), accent)}</p>`;
    default:
      return para(rand, accent, notes);
  }
}

function sidebar(rand, accent) {
  const parts = [`<h3>${rand.title(rand.int(1, 3))}</h3>`];
  for (let i = rand.int(1, 3); i > 0; i--) {
    const k = rand.pick(['links', 'p', 'badges', 'address', 'dl']);
    if (k === 'links') {
      const items = [];
      for (let j = rand.int(3, 7); j > 0; j--)
        items.push(`<li><a href="#x">${rand.title(rand.int(1, 3))}</a></li>`);
      parts.push(`<ul class="links">${items.join('')}</ul>`);
    } else if (k === 'badges') {
      const b = [];
      for (let j = rand.int(3, 8); j > 0; j--) b.push(`<span class="pill">${rand.words(1)}</span>`);
      parts.push(`<p class="tags">${b.join(' ')}</p>`);
    } else if (k === 'address') parts.push(address(rand));
    else if (k === 'dl') parts.push(dl(rand, accent));
    else parts.push(`<p>${inline(rand, rand.int(8, 30), accent)}</p>`);
  }
  return `<aside class="sidebar">${parts.join('')}</aside>`;
}

const len = (rand, em, rem, px) => rand.pick([`${em}em`, `${rem}rem`, `${px}px`]);

/** The page layout's rules (header, sidebar, main, footer) for one seed. */
function layoutSheet(rand, layout) {
  const side = rand.pick(['200px', '220px', '240px', '16em', '25%', '30%']);
  const gap = rand.pick(['16px', '24px', '2em', '32px', '1.5rem']);
  const sideFirst = rand.chance(0.5);
  switch (layout) {
    case 'grid-areas':
      return `.layout { display: grid; grid-template-columns: ${sideFirst ? `${side} 1fr` : `1fr ${side}`}; grid-template-areas: "head head" ${sideFirst ? '"side main"' : '"main side"'} "foot foot"; gap: ${gap}; }
.layout > header { grid-area: head; } .layout > main { grid-area: main; min-width: 0; } .sidebar { grid-area: side; } .layout > footer { grid-area: foot; }`;
    case 'grid-columns':
      return `.body { display: grid; grid-template-columns: ${sideFirst ? `${rand.pick([side, 'minmax(150px, 1fr)', 'auto'])} ${rand.pick(['1fr', '3fr', 'minmax(0, 1fr)'])}` : `minmax(0, ${rand.pick(['1fr', '3fr', '2fr'])}) ${side}`}; column-gap: ${gap}; align-items: ${rand.pick(['start', 'stretch'])}; }
${sideFirst ? '' : '.sidebar { grid-column: 2; grid-row: 1; } .body > main { grid-column: 1; grid-row: 1; }'}`;
    case 'flex':
      return `.body { display: flex; ${sideFirst ? '' : 'flex-direction: row-reverse;'} gap: ${gap}; align-items: ${rand.pick(['flex-start', 'stretch'])}; }
.sidebar { flex: 0 0 ${side}; } .body > main { flex: 1; min-width: 0; }`;
    case 'float':
      return `.body::after { content: ""; display: table; clear: both; }
.sidebar { float: ${sideFirst ? 'left' : 'right'}; width: ${side}; ${sideFirst ? 'margin-right' : 'margin-left'}: ${gap}; }
.body > main { overflow: hidden; }`;
    default:
      return '.sidebar { margin: 2em 0; }';
  }
}

/** The CSS of one seed. */
function sheet(rand, accent, layout) {
  const bodyFamily = rand.pick(FAMILIES[rand.pick(['serif', 'sans', 'sans', 'sans', 'serif', 'mono'])]);
  const headFamily = rand.chance(0.6) ? 'inherit' : rand.pick(FAMILIES[rand.pick(['serif', 'sans'])]);
  const size = rand.int(12, 17);
  const lh = rand.pick(['normal', '1.3', '1.4', '1.5', '1.6', `${size + rand.int(4, 9)}px`, '150%']);
  const maxw = rand.pick(['none', '760px', '720px', '960px', '90%', '64em']);
  const collapse = rand.chance(0.55) ? 'collapse' : 'separate';
  const cellBorder = rand.pick([
    `th, td { border: 1px solid ${rand.pick(BORDERS)}; }`,
    `th, td { border-bottom: 1px solid ${rand.pick(BORDERS)}; } thead th { border-bottom: 2px solid ${rand.pick(BORDERS)}; }`,
    `table { border: ${rand.pick([1, 2])}px solid ${rand.pick(BORDERS)}; } th { border-bottom: 1px solid ${rand.pick(BORDERS)}; }`,
    `tbody tr + tr td { border-top: 1px solid ${rand.pick(BORDERS)}; }`,
    '',
  ]);
  const listMarkers = rand.pick([
    `ul.check { list-style: none; padding-left: ${rand.pick(['0', '1em', '20px'])}; } ul.check > li::before { content: "${rand.pick(['✓', '•', '→', '–', '▸'])}"; color: ${accent}; ${rand.chance(0.5) ? 'display: inline-block; width: 1.2em;' : 'margin-right: 0.5em;'} }`,
    `ul.check { list-style-type: "${rand.pick(['✓ ', '→ ', '– ', '★ '])}"; }`,
    `ul.check { list-style: ${rand.pick(['square', 'circle', 'disc'])} inside; padding-left: 0; }`,
  ]);
  const counters = rand.chance(0.5)
    ? `ol.counter { list-style: none; counter-reset: item; padding-left: ${rand.pick(['0', '1em', '2em'])}; } ol.counter > li { counter-increment: item; ${rand.chance(0.5) ? 'margin-bottom: 0.4em;' : ''} } ol.counter > li::before { content: counter(item${rand.pick(['', ', upper-roman', ', lower-alpha'])}) "${rand.pick(['. ', ') ', ' — '])}"; font-weight: bold; ${rand.chance(0.4) ? `color: ${accent};` : ''} }`
    : `ol.counter { list-style-type: ${rand.pick(['decimal-leading-zero', 'upper-alpha', 'lower-greek', 'upper-roman'])}; }`;
  const dlGrid = rand.pick([
    `dl.grid { display: grid; grid-template-columns: ${rand.pick(['max-content 1fr', '10em 1fr', '30% 70%', 'auto 1fr', '1fr 2fr'])}; gap: ${rand.pick(['4px 16px', '0.5em 1em', '8px 24px'])}; } dl.grid dt, dl.grid dd { margin: 0; }`,
    `dl.grid dt { float: left; clear: left; width: ${rand.pick(['8em', '120px', '30%'])}; font-weight: bold; } dl.grid dd { margin: 0 0 ${rand.pick(['4px', '0.5em'])} ${rand.pick(['9em', '130px', '32%'])}; }`,
    `dl.grid { display: flex; flex-wrap: wrap; } dl.grid dt { flex: 0 0 ${rand.pick(['30%', '35%', '8em'])}; margin: 0; } dl.grid dd { flex: 1 0 ${rand.pick(['60%', '65%'])}; margin: 0 0 ${rand.pick(['4px', '0.5em'])}; }`,
  ]);
  const cardGrid = rand.pick([
    `.cards { display: grid; grid-template-columns: repeat(${rand.pick(['auto-fill', 'auto-fit'])}, minmax(${rand.pick(['160px', '180px', '200px', '12em'])}, 1fr)); gap: ${rand.pick(['12px', '16px', '1em', '24px'])}; }`,
    `.cards { display: grid; grid-template-columns: repeat(${rand.int(2, 3)}, 1fr); gap: ${rand.pick(['12px', '16px', '1em'])}; }`,
    `.cards { display: flex; flex-wrap: wrap; gap: ${rand.pick(['12px', '16px', '1em'])}; } .card { flex: 1 1 ${rand.pick(['180px', '200px', '30%', '12em'])}; }`,
    `.cards { display: flex; flex-wrap: wrap; margin: 0 -8px; } .card { box-sizing: border-box; width: calc(${rand.pick(['50%', '33.333%'])} - 16px); margin: 0 8px 16px; }`,
  ]);
  const colRule = rand.chance(0.5)
    ? `column-rule: ${rand.pick([1, 2])}px ${rand.pick(['solid', 'dotted', 'dashed'])} ${rand.pick(BORDERS)};`
    : '';
  const cols = rand.chance(0.7)
    ? `column-count: ${rand.int(2, 3)};`
    : `columns: ${rand.pick(['14em', '200px', '2 16em', '180px 3'])};`;
  return `
html { ${rand.chance(0.2) ? `font-size: ${rand.pick(['14px', '15px', '62.5%', '100%'])};` : ''} }
body { margin: ${rand.pick(['0', '8px', '20px', '2em'])}; font-family: ${bodyFamily}; font-size: ${size}px; line-height: ${lh}; color: ${rand.pick(COLORS)}; background: ${rand.chance(0.2) ? rand.pick(PALE) : '#fff'}; }
.layout { max-width: ${maxw}; margin: ${rand.pick(['0 auto', '0', '16px auto'])}; ${rand.chance(0.5) ? `padding: ${rand.pick(['0 16px', '16px', '1em 2em', '24px'])};` : ''} ${rand.chance(0.5) ? 'box-sizing: border-box;' : ''} }
${layoutSheet(rand, layout)}
header { ${rand.chance(0.5) ? `border-bottom: ${rand.pick([1, 2, 3])}px solid ${rand.pick([accent, ...BORDERS])};` : ''} ${rand.chance(0.4) ? `background: ${rand.pick(PALE)}; padding: ${rand.pick(['8px 16px', '1em', '12px 20px'])};` : ''} ${rand.chance(0.5) ? `display: flex; flex-wrap: wrap; justify-content: space-between; align-items: ${rand.pick(['center', 'baseline', 'flex-end'])}; gap: 8px 24px;` : ''} margin-bottom: ${rand.pick(['1em', '16px', '24px', '0'])}; }
header h1 { margin: ${rand.pick(['0', '0.3em 0', '8px 0'])}; font-size: ${rand.pick(['1.6em', '2em', '28px', '1.8rem'])}; }
.menu { list-style: none; margin: 0; padding: 0; display: flex; ${rand.chance(0.5) ? 'flex-wrap: wrap;' : ''} gap: ${rand.pick(['8px', '12px 20px', '1em', '24px'])}; }
.menu a { ${rand.chance(0.5) ? 'text-decoration: none;' : ''} ${rand.chance(0.3) ? `padding: 4px 8px; border-radius: 4px; background: ${rand.pick(PALE)};` : ''} }
h1, h2, h3, h4 { font-family: ${headFamily}; line-height: ${rand.pick(['1.2', '1.25', '1.3', 'normal'])}; ${rand.chance(0.3) ? `color: ${accent};` : ''} }
h2 { font-size: ${rand.pick(['1.5em', '1.4em', '22px', '1.6rem'])}; margin: ${len(rand, 1.2, 1.5, 24)} 0 ${len(rand, 0.5, 0.5, 8)}; ${rand.chance(0.25) ? `border-bottom: 1px solid ${rand.pick(BORDERS)}; padding-bottom: 4px;` : ''} }
h3 { font-size: ${rand.pick(['1.17em', '1.2em', '18px', '1.1rem'])}; margin: ${rand.pick(['1em 0 0.5em', '16px 0 8px', '0.8em 0 0.3em'])}; }
h4 { font-size: ${rand.pick(['1em', '1.05em', '15px'])}; margin: ${rand.pick(['0 0 4px', '0.5em 0', '0'])}; }
p { margin: ${rand.pick(['0 0 1em', '1em 0', '0 0 0.75em', '0 0 12px'])}; }
a { color: ${accent}; ${rand.chance(0.5) ? 'text-decoration: none;' : ''} }
code, kbd { font-family: ${rand.pick(FAMILIES.mono)}; font-size: ${rand.pick(['0.9em', '85%', '13px'])}; ${rand.chance(0.5) ? `background: ${rand.pick(PALE)}; padding: 1px 4px; border-radius: 3px;` : ''} }
kbd { border: 1px solid ${rand.pick(BORDERS)}; ${rand.chance(0.5) ? 'box-shadow: 0 1px 0 #bbb;' : ''} }
abbr { ${rand.chance(0.5) ? 'text-decoration: underline dotted;' : 'font-variant: small-caps;'} }
.badge { display: inline-block; font-size: ${rand.pick(['0.75em', '11px', '0.7rem', '75%'])}; font-weight: ${rand.pick(['600', 'bold', 'normal'])}; padding: ${rand.pick(['2px 6px', '0.1em 0.5em', '1px 8px', '0.25em 0.6em'])}; border-radius: ${rand.pick(['3px', '999px', '0.25rem', '10px'])}; background: ${accent}; color: #fff; ${rand.chance(0.3) ? 'text-transform: uppercase; letter-spacing: 0.05em;' : ''} ${rand.chance(0.4) ? 'vertical-align: middle;' : ''} line-height: ${rand.pick(['1', '1.4', 'normal'])}; }
.pill { display: inline-block; padding: ${rand.pick(['2px 8px', '0 0.6em', '3px 10px'])}; border-radius: 999px; background: ${rand.pick(PALE)}; border: 1px solid ${rand.pick(BORDERS)}; font-size: ${rand.pick(['0.8em', '12px', '85%'])}; ${rand.chance(0.3) ? 'margin: 2px 0;' : ''} }
.cols { ${cols} column-gap: ${rand.pick(['1em', '2em', '24px', '32px', 'normal'])}; ${colRule} ${rand.chance(0.3) ? 'text-align: justify;' : ''} margin-bottom: 1em; }
.cols p { margin: ${rand.pick(['0 0 1em', '0 0 0.5em', '0'])}; ${rand.chance(0.2) ? 'text-indent: 1.5em;' : ''} }
.cols .span { column-span: all; ${rand.chance(0.5) ? `border-bottom: 1px solid ${rand.pick(BORDERS)};` : ''} }
table { border-collapse: ${collapse}; ${collapse === 'separate' ? `border-spacing: ${rand.pick(['0', '2px', '4px 2px', '1px'])};` : ''} width: ${rand.pick(['100%', '100%', 'auto', '90%'])}; margin: ${rand.pick(['1em 0', '16px 0', '0 0 1.5em'])}; ${rand.chance(0.3) ? `font-size: ${rand.pick(['0.9em', '14px', '90%', '13px'])};` : ''} ${rand.chance(0.15) ? 'table-layout: fixed;' : ''} }
th, td { padding: ${rand.pick(['4px 8px', '6px 10px', '0.5em', '8px 12px', '.25rem .5rem', '2px 6px'])}; text-align: left; ${rand.chance(0.3) ? 'vertical-align: top;' : ''} }
${cellBorder}
thead th { ${rand.chance(0.5) ? `background: ${rand.pick([...PALE, accent])};` : ''} ${rand.chance(0.3) ? 'text-transform: uppercase; font-size: 0.8em; letter-spacing: 0.05em;' : ''} ${rand.chance(0.3) ? 'vertical-align: bottom;' : ''} }
th.group { text-align: center; ${rand.chance(0.5) ? `border-bottom: 1px solid ${rand.pick(BORDERS)};` : ''} }
th[scope="row"] { font-weight: ${rand.pick(['bold', '600', 'normal'])}; ${rand.chance(0.3) ? `background: ${rand.pick(PALE)};` : ''} }
${rand.chance(0.6) ? `tbody tr:nth-child(${rand.pick(['even', 'odd'])}) { background: ${rand.pick(PALE)}; }` : ''}
td.num, th.num { text-align: right; ${rand.chance(0.4) ? 'font-variant-numeric: tabular-nums;' : ''} ${rand.chance(0.3) ? 'white-space: nowrap;' : ''} }
td.center { text-align: center; ${rand.chance(0.5) ? 'font-style: italic;' : ''} }
tfoot th, tfoot td { font-weight: bold; ${rand.chance(0.6) ? `border-top: 2px solid ${rand.pick(BORDERS)};` : ''} }
caption { ${rand.chance(0.3) ? 'caption-side: bottom;' : ''} ${rand.chance(0.5) ? 'text-align: left;' : ''} font-size: ${rand.pick(['0.9em', 'inherit', '13px'])}; padding: ${rand.pick(['4px', '0 0 8px', '6px 0'])}; ${rand.chance(0.3) ? 'font-weight: bold;' : ''} }
ul, ol { ${rand.chance(0.4) ? `padding-left: ${rand.pick(['1.2em', '20px', '2em', '1.5rem'])};` : ''} ${rand.chance(0.3) ? `margin: ${rand.pick(['0 0 1em', '0.5em 0', '8px 0'])};` : ''} }
ul ul { list-style-type: ${rand.pick(['circle', 'square', 'disc', '"– "'])}; } ol ol { list-style-type: ${rand.pick(['lower-alpha', 'lower-roman', 'decimal'])}; } ol ul { list-style-type: ${rand.pick(['square', 'disc'])}; }
li { ${rand.chance(0.4) ? `margin-bottom: ${rand.pick(['0.25em', '4px', '0.5em'])};` : ''} }
${rand.chance(0.3) ? `li::marker { color: ${accent}; ${rand.chance(0.4) ? 'font-weight: bold;' : ''} }` : ''}
${listMarkers}
ul.dash { list-style-type: "${rand.pick(['– ', '— ', '- '])}"; }
${counters}
${dlGrid}
dt { font-weight: ${rand.pick(['bold', '600'])}; }
${cardGrid}
.card { border: 1px solid ${rand.pick(BORDERS)}; border-radius: ${rand.pick(['0', '4px', '8px', '0.5rem'])}; padding: ${rand.pick(['12px', '16px', '1em', '0.75rem 1rem'])}; ${rand.chance(0.4) ? `background: ${rand.pick(PALE)};` : ''} ${rand.chance(0.3) ? 'box-shadow: 0 1px 3px rgba(0,0,0,0.15);' : ''} }
.card h3 { margin: 0 0 ${rand.pick(['4px', '0.5em', '8px'])}; font-size: ${rand.pick(['1.1em', '1em', '17px'])}; }
.card p { margin: 0 0 ${rand.pick(['0', '0.5em'])}; }
.thumb svg { display: block; ${rand.chance(0.6) ? 'width: 100%; height: auto;' : 'max-width: 100%;'} margin-bottom: 8px; }
.media { display: flex; gap: ${rand.pick(['12px', '1em', '16px'])}; align-items: ${rand.pick(['flex-start', 'center'])}; margin: 1em 0; }
.media > svg { flex: none; ${rand.chance(0.5) ? 'border-radius: 50%;' : ''} }
.media-body { flex: 1; min-width: 0; } .media-body p { margin: 0; }
.stats { display: ${rand.pick(['flex', 'grid'])}; ${rand.chance(0.5) ? 'grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));' : 'grid-template-columns: repeat(4, 1fr);'} justify-content: space-between; gap: 16px; margin: 1em 0; text-align: ${rand.pick(['center', 'left'])}; }
.stat { ${rand.chance(0.5) ? `border: 1px solid ${rand.pick(BORDERS)}; padding: 8px 12px; border-radius: 6px;` : ''} }
.stat .value { font-size: ${rand.pick(['2em', '28px', '1.8rem'])}; font-weight: bold; line-height: ${rand.pick(['1', '1.2', 'normal'])}; ${rand.chance(0.5) ? `color: ${accent};` : ''} }
.stat .label { font-size: ${rand.pick(['0.8em', '12px', 'small'])}; ${rand.chance(0.5) ? 'color: #666;' : ''} ${rand.chance(0.3) ? 'text-transform: uppercase;' : ''} }
blockquote.pull { margin: ${rand.pick(['1.5em 0', '1em 2em', '24px 0'])}; padding: ${rand.pick(['0.5em 1em', '12px 0', '1em'])}; font-size: ${rand.pick(['1.25em', '1.4em', '20px'])}; line-height: ${rand.pick(['1.3', '1.4', 'normal'])}; ${rand.pick([`border-left: 4px solid ${accent};`, `border-top: 2px solid ${accent}; border-bottom: 2px solid ${accent}; text-align: center;`, `background: ${rand.pick(PALE)};`])} ${rand.chance(0.4) ? 'font-style: italic;' : ''} }
blockquote.pull p { margin: 0; }
blockquote.pull cite { display: block; font-size: 0.7em; margin-top: 0.5em; ${rand.chance(0.5) ? 'text-align: right;' : ''} }
blockquote.pull.left { float: left; width: ${rand.pick(['40%', '35%', '14em'])}; margin: 0 1em 0.5em 0; } blockquote.pull.right { float: right; width: ${rand.pick(['40%', '35%', '14em'])}; margin: 0 0 0.5em 1em; }
figure { margin: ${rand.pick(['1em 0', '1em 40px', '0 0 1em', '24px auto'])}; ${rand.chance(0.3) ? 'text-align: center;' : ''} ${rand.chance(0.2) ? `border: 1px solid ${rand.pick(BORDERS)}; padding: 8px;` : ''} }
figure.left { float: left; margin: 0 1em 0.5em 0; } figure.right { float: right; margin: 0 0 0.5em 1em; }
figure svg { ${rand.chance(0.5) ? 'max-width: 100%;' : ''} ${rand.chance(0.4) ? 'display: block;' : ''} ${rand.chance(0.2) ? 'height: auto;' : ''} }
figcaption { font-size: ${rand.pick(['0.85em', '13px', '0.9rem', 'small'])}; ${rand.chance(0.4) ? 'color: #666;' : ''} ${rand.chance(0.4) ? 'margin-top: 4px;' : ''} }
.note { ${rand.pick([`border-left: 4px solid ${accent}; padding: 8px 12px;`, `border: 1px solid ${rand.pick(BORDERS)}; border-radius: 6px; padding: 12px 16px;`, 'padding: 1em;'])} background: ${rand.pick(PALE)}; margin: ${rand.pick(['1em 0', '16px 0', '1.5em 0'])}; ${rand.chance(0.3) ? `float: right; width: ${rand.pick(['35%', '40%', '220px'])}; margin: 0 0 1em 1em; box-sizing: border-box;` : ''} }
.sidebar { ${rand.chance(0.5) ? `background: ${rand.pick(PALE)}; padding: ${rand.pick(['12px', '1em', '16px 20px'])};` : ''} ${rand.chance(0.3) ? `border: 1px solid ${rand.pick(BORDERS)};` : ''} font-size: ${rand.pick(['0.9em', '14px', 'inherit', '0.875rem'])}; ${rand.chance(0.5) ? 'box-sizing: border-box;' : ''} }
.sidebar h3 { margin-top: 0; }
.links { list-style: none; padding: 0; margin: 0 0 1em; } .links li { ${rand.chance(0.5) ? `border-bottom: 1px solid ${rand.pick(BORDERS)};` : ''} padding: ${rand.pick(['4px 0', '2px 0', '0.3em 0'])}; }
.tags { line-height: ${rand.pick(['2', '1.8', '28px'])}; }
details { margin: 1em 0; ${rand.chance(0.5) ? `border: 1px solid ${rand.pick(BORDERS)}; border-radius: 4px; padding: 8px 12px;` : ''} }
summary { ${rand.chance(0.5) ? 'font-weight: bold;' : ''} ${rand.chance(0.3) ? 'margin-bottom: 0.5em;' : ''} }
hr { ${rand.pick(['', `border: 0; border-top: 1px solid ${rand.pick(BORDERS)};`, `border: none; height: 2px; background: ${rand.pick(BORDERS)};`, `border: 0; border-top: 1px dashed ${rand.pick(BORDERS)}; margin: 2em 0;`])} }
address { font-style: ${rand.pick(['normal', 'italic'])}; margin-bottom: 1em; }
.fine { font-size: ${rand.pick(['0.75em', '11px', 'small', 'x-small', '0.8rem'])}; ${rand.chance(0.5) ? 'color: #666;' : ''} line-height: ${rand.pick(['1.3', '1.4', 'normal'])}; }
sup.fn { font-size: 0.75em; ${rand.chance(0.5) ? 'line-height: 0; position: relative; vertical-align: baseline; top: -0.5em;' : ''} }
sup.fn a { text-decoration: none; }
.footnotes { font-size: ${rand.pick(['0.85em', '13px', 'small'])}; ${rand.chance(0.5) ? `border-top: 1px solid ${rand.pick(BORDERS)}; padding-top: 8px;` : ''} margin-top: 2em; }
.footnotes ol { padding-left: ${rand.pick(['1.5em', '20px', '2em'])}; }
footer { ${rand.chance(0.5) ? `border-top: 1px solid ${rand.pick(BORDERS)};` : ''} ${rand.chance(0.4) ? `background: ${rand.pick(PALE)};` : ''} padding: ${rand.pick(['8px 0', '1em', '16px'])}; font-size: ${rand.pick(['0.85em', '13px', 'small'])}; ${rand.chance(0.5) ? 'display: flex; justify-content: space-between; flex-wrap: wrap; gap: 8px;' : ''} }
footer p { margin: 0; }`;
}

/** The whole page of one seed of the layout family. */
export function layoutPage(seed) {
  const rand = makeRandom(seed * 31 + 5);
  const accent = rand.pick(ACCENTS);
  const layout = rand.pick(['grid-areas', 'grid-columns', 'flex', 'float', 'flow']);
  const kind = rand.pick(['article', 'docs', 'report', 'blog', 'catalog', 'paper']);
  const css = sheet(rand, accent, layout);
  const notes = [];
  const header = `<header><div><h1>${rand.title(rand.int(1, 4))}</h1>${rand.chance(0.5) ? `<p class="fine">${rand.words(rand.int(3, 8))}</p>` : ''}</div>${rand.chance(0.7) ? nav(rand) : ''}</header>`;
  const main = [];
  const sections = rand.int(2, 3);
  for (let s = 0; s < sections; s++) {
    const inner = [
      `<h2>${rand.title(rand.int(1, 5))}${rand.chance(0.2) ? ` <span class="badge">${rand.words(1)}</span>` : ''}</h2>`,
    ];
    for (let i = rand.int(3, 6); i > 0; i--) inner.push(block(rand, accent, notes));
    main.push(`<section>${inner.join('\n')}</section>`);
  }
  if (notes.length)
    main.push(
      `<section class="footnotes"><ol>${notes.map((n, i) => `<li id="fn${i + 1}">${n} <a href="#r${i + 1}">↩</a></li>`).join('')}</ol></section>`,
    );
  const side = layout === 'flow' && rand.chance(0.5) ? '' : sidebar(rand, accent);
  const footer = `<footer><p>${inline(rand, rand.int(4, 12), accent)}</p>${rand.chance(0.5) ? `<p class="fine">© ${rand.int(1999, 2026)} ${rand.title(2)}</p>` : ''}</footer>`;
  const mainEl = `<main>${main.join('\n')}</main>`;
  const body =
    layout === 'grid-areas'
      ? `<div class="layout">${header}${mainEl}${side}${footer}</div>`
      : `<div class="layout">${header}<div class="body">${layout === 'float' ? side + mainEl : layout === 'flow' ? mainEl + side : side + mainEl}</div>${footer}</div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${kind} ${seed}</title><style>${css}</style></head>
<body>${body}</body></html>
`;
}
