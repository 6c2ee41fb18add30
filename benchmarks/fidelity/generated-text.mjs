/**
 * The text family of the generated documents (`generated.mjs --family=text`): ordinary document pages whose
 * variety is in their text rather than their layout. Web fonts given as data: URIs (WOFF2, WOFF, a variable
 * WOFF2, with weight ranges, unicode-range, font-display, fallback chains), right-to-left pages (Arabic, Hebrew,
 * Persian) with mixed-direction runs and numbers, complex scripts (Devanagari, Thai, Bengali), and the text
 * properties documents set: text-indent, letter- and word-spacing, text-transform, small caps, text-decoration
 * styles, text-shadow, white-space, overflow-wrap, soft hyphens, tab-size, ::first-letter, q, abbr, mark, kbd,
 * sub/sup. Same seeds rule as generated.mjs: tune on 1–200, seeds 1001–1100 only as a summary.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** mulberry32, seeded apart from the default family's generator. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LATIN = (
  'the of and to in a is that for it as was with be by on not this are or from at which but have an they you ' +
  'were all there would their we been has when who will more no if out so what up its about into than them can ' +
  'only other new some could time these two may then first any now such like our over even most made after also ' +
  'many before must through back years where much your way well down should because each just those people how ' +
  'little state good very make world still own see work long here between both life being under never day same ' +
  'another know while last might great old year come since against right used take three report revenue analysis ' +
  'results method customer service invoice payment account balance chapter summary experience development'
).split(' ');
const SCRIPTS = {
  ar: 'هذا نص عربي في الصفحة يحتوي على كلمات كثيرة من أجل أن نرى كيف يتم ترتيب السطور والمسافات بين الكلمات والأرقام في الفقرة الطويلة مع علامات الترقيم',
  he: 'זהו טקסט בעברית בעמוד המכיל מילים רבות כדי שנוכל לראות כיצד השורות והרווחים בין המילים מסודרים בפסקה הארוכה עם סימני פיסוק ומספרים',
  fa: 'این یک متن فارسی در صفحه است که کلمات زیادی دارد تا ببینیم چگونه خطوط و فاصله بین کلمات در پاراگراف طولانی مرتب می شوند',
  hi: 'यह पृष्ठ पर हिन्दी का पाठ है जिसमें बहुत से शब्द हैं ताकि हम देख सकें कि लंबे अनुच्छेद में पंक्तियाँ और शब्दों के बीच की दूरी कैसे व्यवस्थित होती है',
  th: 'นี่คือข้อความภาษาไทยบนหน้าเว็บที่มีคำจำนวนมาก เพื่อให้เราเห็นว่าบรรทัดและระยะห่างระหว่างคำถูกจัดเรียงอย่างไร ในย่อหน้าที่ยาว',
  bn: 'এটি পৃষ্ঠায় বাংলা পাঠ যাতে অনেক শব্দ আছে যাতে আমরা দেখতে পারি দীর্ঘ অনুচ্ছেদে লাইন এবং শব্দের মধ্যে দূরত্ব কীভাবে সাজানো হয়',
};
const SCRIPT_FONTS = {
  ar: ['"Noto Naskh Arabic", serif', '"Noto Sans Arabic", sans-serif'],
  he: ['"Noto Sans Hebrew", sans-serif'],
  fa: ['"Noto Naskh Arabic", serif', '"Noto Sans Arabic", sans-serif'],
  hi: ['"Noto Sans Devanagari", sans-serif'],
  th: ['"Noto Sans Thai", sans-serif'],
  bn: ['"Noto Sans Bengali", sans-serif'],
};
const RTL = new Set(['ar', 'he', 'fa']);

function makeRandom(seed) {
  const r = prng(seed * 104729 + 31);
  const rand = {
    r,
    int: (lo, hi) => lo + Math.floor(r() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(r() * list.length)],
    chance: (p) => r() < p,
    words(n, lang = 'en') {
      const pool = lang === 'en' ? LATIN : SCRIPTS[lang].split(' ');
      const out = [];
      if (lang === 'th') {
        // Thai is written without spaces between words: runs of words, a space between phrases.
        for (let i = 0; i < n; i++) out.push(rand.pick(pool) + (rand.chance(0.2) ? ' ' : ''));
        return out.join('').trim();
      }
      for (let i = 0; i < n; i++) out.push(rand.pick(pool));
      return out.join(' ');
    },
  };
  return rand;
}

/** Web font files from the workspace's font packages, as data: URIs. */
const fontPackage = (name) => {
  const from = [
    createRequire(require.resolve('@pictor/core/package.json')),
    require,
    createRequire(join(process.cwd(), 'package.json')),
  ];
  for (const req of from) {
    try {
      return dirname(req.resolve(`${name}/package.json`));
    } catch {}
  }
  return null;
};
const dataCache = new Map();
function dataUri(pkg, file, mime) {
  const key = `${pkg}/${file}`;
  if (!dataCache.has(key)) {
    const dir = fontPackage(pkg);
    dataCache.set(
      key,
      dir ? `data:${mime};base64,${readFileSync(join(dir, 'files', file)).toString('base64')}` : null,
    );
  }
  return dataCache.get(key);
}

const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+2074, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/** A web family as pages declare them: its @font-face rules and the stack naming it. */
function webFamily(rand) {
  const kind = rand.pick(['lato', 'lato', 'inter-variable', 'roboto-flex', 'lato-woff']);
  const display = rand.pick(['swap', 'swap', 'block', 'fallback', '']);
  const disp = display ? ` font-display: ${display};` : '';
  const range = rand.chance(0.5) ? ` unicode-range: ${LATIN_RANGE};` : '';
  if (kind === 'inter-variable') {
    const src = dataUri('@fontsource-variable/inter', 'inter-latin-wght-normal.woff2', 'font/woff2');
    if (!src) return null;
    const name = rand.pick(['Inter Variable', 'InterVar', 'Inter Web']);
    return {
      css: `@font-face { font-family: "${name}"; font-style: normal; font-weight: 100 900;${disp} src: url(${src}) format("woff2-variations");${range} }`,
      stack: `"${name}", ${rand.pick(['sans-serif', 'system-ui, sans-serif', 'Helvetica, Arial, sans-serif'])}`,
    };
  }
  if (kind === 'roboto-flex') {
    const src = dataUri(
      '@fontsource-variable/roboto-flex',
      'roboto-flex-latin-wght-normal.woff2',
      'font/woff2',
    );
    if (!src) return null;
    return {
      css: `@font-face { font-family: "Roboto Flex Variable"; font-style: normal; font-weight: 100 1000;${disp} src: url(${src}) format("woff2");${range} }`,
      stack: '"Roboto Flex Variable", Roboto, sans-serif',
    };
  }
  const woff = kind === 'lato-woff';
  const ext = woff ? 'woff' : 'woff2';
  const faces = [];
  const weights = rand.pick([[400, 700], [400], [300, 400, 700], [400, 900]]);
  for (const w of weights)
    for (const style of rand.chance(0.6) ? ['normal', 'italic'] : ['normal']) {
      const src = dataUri('@fontsource/lato', `lato-latin-${w}-${style}.${ext}`, `font/${ext}`);
      if (!src) return null;
      faces.push(
        `@font-face { font-family: "Lato"; font-style: ${style}; font-weight: ${w};${disp} src: url(${src}) format("${ext}");${range} }`,
      );
    }
  return {
    css: faces.join('\n'),
    stack: `${rand.pick(['Lato', '"Lato"'])}, ${rand.pick(['"Helvetica Neue", Arial, sans-serif', 'sans-serif', 'Roboto, sans-serif'])}`,
  };
}

const BUILTIN_STACKS = [
  '"Noto Serif", serif',
  'Inter, sans-serif',
  'Georgia, serif',
  'Arial, sans-serif',
  'system-ui, sans-serif',
];
const ACCENTS = ['#0645ad', '#1d4ed8', '#b91c1c', '#047857', '#6d28d9', '#c2410c'];
const COLORS = ['#111', '#222', '#333', '#1f2937', '#24292e'];

/** Inline text of n words in a language, with the inline elements documents use. */
function inline(rand, n, lang, accent) {
  const parts = [];
  let left = n;
  while (left > 0) {
    const k = Math.min(left, rand.int(2, 8));
    left -= k;
    const text = rand.words(k, lang);
    if (!rand.chance(0.35)) {
      parts.push(text);
      continue;
    }
    const tag = rand.pick([
      'em',
      'strong',
      'a',
      'q',
      'abbr',
      'mark',
      'kbd',
      'sup',
      'sub',
      'code',
      'num',
      'latin',
      'u',
      's',
      'small',
      'span',
    ]);
    if (tag === 'a') parts.push(`<a href="#x">${text}</a>`);
    else if (tag === 'abbr')
      parts.push(`<abbr title="x">${rand.pick(['HTML', 'CSS', 'API', 'PDF', 'NASA'])}</abbr> ${text}`);
    else if (tag === 'sup' || tag === 'sub') parts.push(`${text}<${tag}>${rand.int(1, 12)}</${tag}>`);
    else if (tag === 'num')
      parts.push(
        `${text} ${rand.pick(['12,345', '3.14', '2024', '(555) 123-4567', '45.90 €', '$1,299', '15%'])}`,
      );
    else if (tag === 'latin') parts.push(lang === 'en' ? text : `${text} ${rand.words(rand.int(1, 3))}`);
    else if (tag === 'kbd')
      parts.push(`<kbd>${rand.pick(['Ctrl', 'Shift', 'Enter', 'Alt', 'Esc'])}</kbd> ${text}`);
    else if (tag === 'span') parts.push(`<span style="color: ${accent}">${text}</span>`);
    else parts.push(`<${tag}>${text}</${tag}>`);
  }
  const s = parts.join(' ');
  return lang === 'en' ? `${s.charAt(0).toUpperCase()}${s.slice(1)}.` : `${s}.`;
}

function shyWords(rand) {
  const words = [
    'in&shy;for&shy;ma&shy;tion',
    'ex&shy;tra&shy;or&shy;di&shy;nar&shy;y',
    'de&shy;vel&shy;op&shy;ment',
    'con&shy;fig&shy;u&shy;ra&shy;tion',
    're&shy;spon&shy;si&shy;bil&shy;i&shy;ty',
  ];
  const out = [];
  for (let i = rand.int(8, 20); i > 0; i--) out.push(rand.chance(0.4) ? rand.pick(words) : rand.pick(LATIN));
  return `${out.join(' ')}.`;
}

/** A block of the page: paragraphs mostly, with lists, quotes, pre and small tables. */
function block(rand, lang, accent) {
  const k = rand.int(0, 19);
  if (k < 9) {
    const cls = rand.pick([
      '',
      '',
      '',
      'lead',
      'spaced',
      'indent',
      'caps',
      'shy',
      'pw',
      'nowrap-line',
      'long',
    ]);
    if (cls === 'shy') return `<p class="shy">${shyWords(rand)}</p>`;
    if (cls === 'long')
      return `<p>${inline(rand, rand.int(4, 10), lang, accent)} https://example.com/${rand.words(6).replaceAll(' ', '/')}/index.html ${rand.words(4, lang)}</p>`;
    if (cls === 'pw')
      return `<p class="pw">${rand.words(rand.int(3, 8), lang)}   ${rand.words(4, lang)}\n${rand.words(rand.int(6, 16), lang)}</p>`;
    return `<p${cls ? ` class="${cls}"` : ''}>${inline(rand, rand.int(12, 60), lang, accent)}</p>`;
  }
  if (k < 11) {
    const tag = rand.chance(0.5) ? 'ol' : 'ul';
    const items = [];
    for (let i = rand.int(2, 4); i > 0; i--)
      items.push(`<li>${inline(rand, rand.int(3, 14), lang, accent)}</li>`);
    return `<${tag}>${items.join('')}</${tag}>`;
  }
  if (k < 12) return `<blockquote>${inline(rand, rand.int(10, 30), lang, accent)}</blockquote>`;
  if (k < 13) {
    const lines = [];
    for (let i = rand.int(2, 5); i > 0; i--)
      lines.push(
        `${'\t'.repeat(rand.int(0, 2))}${rand.words(rand.int(1, 4)).replaceAll(' ', rand.chance(0.3) ? '\t' : ' ')}`,
      );
    return `<pre>${lines.join('\n')}</pre>`;
  }
  if (k < 14) {
    const rows = [];
    for (let i = rand.int(2, 4); i > 0; i--)
      rows.push(
        `<tr><td>${rand.words(rand.int(1, 4), lang)}</td><td class="n">${rand.int(1, 9999)}.${rand.int(10, 99)}</td></tr>`,
      );
    return `<table><tr><th>${rand.words(1, lang)}</th><th>${rand.words(1, lang)}</th></tr>${rows.join('')}</table>`;
  }
  if (k < 15) return `<p class="drop">${inline(rand, rand.int(25, 60), lang, accent)}</p>`;
  if (k < 16) return `<h3>${rand.words(rand.int(2, 5), lang)}</h3>`;
  if (k < 17) return `<p class="deco">${inline(rand, rand.int(10, 30), lang, accent)}</p>`;
  if (k < 18) return `<p class="shadow">${inline(rand, rand.int(6, 20), lang, accent)}</p>`;
  return `<p>${inline(rand, rand.int(12, 40), lang, accent)}</p>`;
}

function sheet(rand, bodyStack, headStack, accent, dir) {
  const size = rand.pick([14, 15, 16, 16, 17, 18]);
  const lh = rand.pick(['1.4', '1.5', '1.6', '1.65', 'normal', '24px']);
  const justify = rand.chance(0.2);
  const decoStyle = rand.pick([
    'underline dotted',
    'underline wavy',
    'underline double',
    'underline dashed',
    'underline',
    'line-through',
    'overline',
  ]);
  const rules = [
    `body { margin: ${rand.pick(['0', '8px', '20px', '2em'])}; font-family: ${bodyStack}; font-size: ${size}px; line-height: ${lh}; color: ${rand.pick(COLORS)}; ${rand.chance(0.15) ? `letter-spacing: ${rand.pick(['0.01em', '0.2px', '-0.01em', '0.02em'])};` : ''} ${rand.chance(0.1) ? `word-spacing: ${rand.pick(['1px', '0.1em', '-1px'])};` : ''} }`,
    `.page { max-width: ${rand.pick(['640px', '42em', '700px', '36rem'])}; margin: 0 auto; padding: ${rand.pick(['16px', '1em 2em', '24px 32px'])}; }`,
    `h1, h2, h3 { font-family: ${headStack}; line-height: ${rand.pick(['1.2', '1.25', '1.1', 'normal'])}; ${rand.chance(0.3) ? `color: ${accent};` : ''} ${rand.chance(0.25) ? `text-transform: ${rand.pick(['uppercase', 'capitalize'])}; letter-spacing: ${rand.pick(['0.05em', '1px', '0.1em', '0'])};` : ''} ${rand.chance(0.2) ? `font-weight: ${rand.pick(['300', '600', '800', '900'])};` : ''} }`,
    `h1 { font-size: ${rand.pick(['2em', '2.25rem', '32px', '2.5em'])}; ${rand.chance(0.2) ? 'font-variant: small-caps;' : ''} }`,
    `h2 { font-size: ${rand.pick(['1.5em', '1.4rem', '24px'])}; ${rand.chance(0.3) ? `border-bottom: 1px solid #ddd; padding-bottom: 4px;` : ''} }`,
    `p { margin: ${rand.pick(['0 0 1em', '0.75em 0', '0 0 12px', '1em 0'])}; ${justify ? 'text-align: justify;' : ''} ${rand.chance(0.2) ? `text-indent: ${rand.pick(['1.5em', '2em', '24px'])};` : ''} }`,
    `p.lead { font-size: ${rand.pick(['1.2em', '1.125rem', '20px'])}; ${rand.chance(0.5) ? 'font-weight: 300;' : ''} }`,
    `p.spaced { letter-spacing: ${rand.pick(['0.05em', '0.1em', '2px', '-0.02em'])}; word-spacing: ${rand.pick(['0.2em', '4px', 'normal'])}; }`,
    `p.indent { text-indent: ${rand.pick(['2em', '3em', '-1em', '10%'])}; ${rand.chance(0.5) ? 'padding-left: 1em;' : ''} }`,
    `p.caps { ${rand.pick(['font-variant: small-caps;', 'text-transform: uppercase; font-size: 0.9em; letter-spacing: 0.05em;', 'text-transform: capitalize;', 'font-variant-caps: all-small-caps;'])} }`,
    `p.shy { hyphens: manual; ${rand.chance(0.5) ? 'text-align: justify;' : ''} max-width: ${rand.pick(['18em', '240px', '60%'])}; }`,
    `.pw { white-space: ${rand.pick(['pre-wrap', 'pre-line', 'break-spaces'])}; }`,
    `p.nowrap-line { white-space: nowrap; overflow: hidden; text-overflow: ${rand.pick(['ellipsis', 'clip'])}; }`,
    `p { overflow-wrap: ${rand.pick(['normal', 'break-word', 'anywhere'])}; ${rand.chance(0.15) ? 'word-break: break-all;' : ''} }`,
    `pre { tab-size: ${rand.pick(['4', '2', '8', '3'])}; font-family: ${rand.pick(['monospace', '"JetBrains Mono", monospace'])}; background: #f6f8fa; padding: 8px 12px; }`,
    `p.drop::first-letter { ${rand.pick([`float: ${dir === 'rtl' ? 'right' : 'left'}; font-size: 3.2em; line-height: 0.9; margin: 0.05em 0.1em 0 0;`, 'font-size: 2em; font-weight: bold;', `color: ${accent}; font-size: 150%;`, 'initial-letter: 2;'])} }`,
    `p.deco a, p.deco u { text-decoration: ${decoStyle} ${rand.pick([accent, 'currentColor', '#999'])}; ${rand.chance(0.4) ? `text-decoration-thickness: ${rand.pick(['2px', '1px', '0.1em', 'from-font'])};` : ''} ${rand.chance(0.4) ? `text-underline-offset: ${rand.pick(['2px', '3px', '0.2em', '4px'])};` : ''} }`,
    `p.shadow { text-shadow: ${rand.pick(['1px 1px 2px rgba(0,0,0,.3)', '0 1px 0 #fff', '2px 2px 0 #ccc', '0 0 3px #999'])}; }`,
    `a { color: ${accent}; ${rand.chance(0.4) ? 'text-decoration: none;' : ''} ${rand.chance(0.2) ? 'border-bottom: 1px dotted;' : ''} }`,
    `mark { ${rand.chance(0.5) ? `background: ${rand.pick(['#fef08a', '#ffeb3b', '#fde68a'])}; padding: 0 2px;` : ''} }`,
    `kbd { font-family: ${rand.pick(['monospace', '"JetBrains Mono", monospace', 'inherit'])}; ${rand.chance(0.7) ? `border: 1px solid #bbb; border-radius: 3px; padding: ${rand.pick(['1px 4px', '0 3px', '2px 5px'])}; background: #f5f5f5; font-size: ${rand.pick(['0.85em', '0.9em', '12px'])};` : ''} }`,
    `abbr[title] { ${rand.chance(0.3) ? 'text-decoration: none; border-bottom: 1px dotted;' : ''} }`,
    `code { font-family: ${rand.pick(['monospace', '"JetBrains Mono", monospace'])}; font-size: 0.9em; }`,
    `blockquote { margin: 1em ${dir === 'rtl' ? '0 1em 2em' : '2em 1em 0'}; padding-inline-start: 1em; border-inline-start: 3px solid ${rand.pick(['#ddd', accent])}; font-style: ${rand.pick(['italic', 'normal'])}; }`,
    `q { ${rand.chance(0.2) ? 'quotes: "«" "»" "‹" "›";' : ''} font-style: ${rand.pick(['normal', 'italic'])}; }`,
    `table { border-collapse: collapse; margin: 1em 0; } td, th { padding: 4px 10px; border-bottom: 1px solid #ddd; text-align: start; } td.n { text-align: end; font-variant-numeric: ${rand.pick(['normal', 'tabular-nums'])}; }`,
    `ul, ol { padding-inline-start: ${rand.pick(['1.5em', '2em', '40px', '24px'])}; } li { margin: ${rand.pick(['0', '0.25em 0', '4px 0'])}; }`,
    `small { font-size: ${rand.pick(['0.8em', '85%', 'smaller'])}; }`,
    `h3 { text-align: ${rand.pick(['start', 'end', 'center', 'start'])}; }`,
  ];
  return rules.join('\n');
}

/** The whole page of one seed of the text family. */
export function textPage(seed) {
  const rand = makeRandom(seed);
  const accent = rand.pick(ACCENTS);
  const lang = rand.pick(['en', 'en', 'en', 'en', 'ar', 'he', 'fa', 'hi', 'th', 'bn']);
  const dir = RTL.has(lang) ? 'rtl' : 'ltr';
  const faces = [];
  let bodyStack;
  let headStack;
  if (lang !== 'en') {
    bodyStack = rand.pick(SCRIPT_FONTS[lang]);
    headStack = bodyStack;
    // A Latin web family first in the stack, the script family after it, as many pages do.
    if (rand.chance(0.4)) {
      const web = webFamily(rand);
      if (web) {
        faces.push(web.css);
        bodyStack = `${web.stack.split(',')[0]}, ${bodyStack}`;
      }
    }
  } else {
    const web = rand.chance(0.75) ? webFamily(rand) : null;
    if (web) faces.push(web.css);
    bodyStack = web?.stack ?? rand.pick(BUILTIN_STACKS);
    headStack = rand.chance(0.6) ? bodyStack : rand.pick(BUILTIN_STACKS);
  }
  const css = `${faces.join('\n')}\n${sheet(rand, bodyStack, headStack, accent, dir)}`;
  const parts = [`<h1>${rand.words(rand.int(2, 6), lang)}</h1>`];
  if (rand.chance(0.5)) parts.push(`<p class="lead">${inline(rand, rand.int(15, 35), lang, accent)}</p>`);
  for (let s = rand.int(2, 3); s > 0; s--) {
    parts.push(`<h2>${rand.words(rand.int(1, 5), lang)}</h2>`);
    for (let i = rand.int(3, 6); i > 0; i--) parts.push(block(rand, lang, accent));
  }
  return `<!doctype html>
<html lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>text ${seed}</title><style>${css}</style></head>
<body><div class="page">
${parts.join('\n')}
</div></body></html>
`;
}
