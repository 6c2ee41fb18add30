/**
 * Writes the script cards (`node benchmarks/fidelity/script-cards/build.mjs`): one folder per card with `index.html`
 * (a self-contained 1200×630 Open Graph card) and `case.json` (viewport, kind, script, how it names its fonts, the
 * source of its text). The sentences are in texts.mjs with their sources; prices, phone numbers, URLs, dates, badges
 * and author lines are written here for the cards (as a site fills them in). Re-running it rewrites the same files.
 *
 * Fonts are named as real cards name them: `family` cards by family name with the faces Pictor has built in or in
 * its optional packages (Chromium finds the same files as local fonts); `web` cards load theirs by `@font-face` from
 * `fonts/<file>.ttf`, which the fidelity runner serves from the font packages (data: URIs for Chromium, which loads
 * no fonts from file: pages; copies in the case folder for Pictor). See README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEXTS } from './texts.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const AUTONYMS = {
  ar_Arab: 'العربية',
  fa_Arab: 'فارسی',
  ur_Arab: 'اردو',
  ko_Kore: '한국어',
  zh_Hant: '中文（繁體）',
  ja_Jpan: '日本語',
};

const THEMES = {
  ink: { bg: '#0f172a', fg: '#f8fafc', muted: '#cbd5e1', accent: '#f97316' },
  paper: { bg: '#fdf6e3', fg: '#1f2937', muted: '#4b5563', accent: '#0e7490' },
  mint: {
    bg: 'linear-gradient(135deg, #ecfdf5 0%, #d1fae5 100%)',
    fg: '#064e3b',
    muted: '#065f46',
    accent: '#059669',
  },
  plum: {
    bg: 'linear-gradient(120deg, #4c1d95 0%, #7c3aed 100%)',
    fg: '#ffffff',
    muted: '#ede9fe',
    accent: '#f59e0b',
  },
  sky: { bg: '#ffffff', fg: '#0b1220', muted: '#334155', accent: '#2563eb' },
};

/** `@font-face` rules for a web-font card: each file under the card's own family name. */
function fontFaces(family, files) {
  return files
    .map(
      ([file, weight]) =>
        `@font-face { font-family: "${family}"; src: url(fonts/${file}) format("truetype"); font-weight: ${weight}; font-style: normal; }`,
    )
    .join('\n');
}

const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A news card: badge, title, summary, author line with an avatar, a footer link. */
function newsCard(c, t) {
  return `<div class="card">
  <div class="top">
    <span class="badge">${c.badge ?? escapeText(t.autonym)}</span>
    <h1>${c.titleHtml ?? escapeText(t.title)}</h1>
    <p class="summary">${c.bodyHtml ?? escapeText(t.body)}</p>
  </div>
  <div class="author">
    <div class="avatar">${c.initials ?? 'UN'}</div>
    <div class="who"><div class="name">${c.author ?? 'United Nations · UDHR'}</div><div class="meta">${c.meta ?? '10.12.1948 · un.org'}</div></div>
  </div>
</div>`;
}

/** A quote card: centred quote on a coloured ground, source line under it. */
function quoteCard(c, t) {
  return `<div class="card quote">
  <span class="badge">${c.badge ?? escapeText(t.autonym)}</span>
  <blockquote>${c.titleHtml ?? escapeText(t.title)}</blockquote>
  <p class="summary">${c.bodyHtml ?? escapeText(t.body)}</p>
  <div class="meta">${c.meta ?? 'UDHR · 1948'}</div>
</div>`;
}

/** A split card: a coloured panel with the language's name, the text beside it. */
function splitCard(c, t) {
  return `<div class="card split">
  <div class="panel"><div class="big">${c.panel ?? escapeText(t.autonym)}</div><div class="meta">${c.meta ?? 'UDHR · 1948'}</div></div>
  <div class="text">
    <span class="badge">${c.badge ?? 'Article 1'}</span>
    <h1>${c.titleHtml ?? escapeText(t.title)}</h1>
    <p class="summary">${c.bodyHtml ?? escapeText(t.body)}</p>
  </div>
</div>`;
}

const LAYOUTS = { news: newsCard, quote: quoteCard, split: splitCard };

function styles(c, theme) {
  const size = c.titleSize ?? 56;
  return `html, body { margin: 0; }
body { width: 1200px; height: 630px; font-family: ${c.family}; }
.card { box-sizing: border-box; width: 1200px; height: 630px; padding: 64px 72px; display: flex; flex-direction: column; justify-content: space-between; background: ${theme.bg}; color: ${theme.fg}; }
.badge { display: inline-block; align-self: flex-start; padding: 8px 22px; border-radius: 999px; background: ${theme.accent}; color: #ffffff; font-size: 22px; font-weight: 700; }
h1 { margin: 28px 0 0; font-size: ${size}px; line-height: 1.25; font-weight: 700; }
.summary { margin: 22px 0 0; font-size: ${c.bodySize ?? 26}px; line-height: 1.55; color: ${theme.muted}; }
.author { display: flex; align-items: center; gap: 18px; font-size: 22px; }
.avatar { width: 60px; height: 60px; border-radius: 50%; background: ${theme.accent}; color: #ffffff; display: flex; align-items: center; justify-content: center; font-weight: 700; font-size: 22px; }
.name { font-weight: 700; }
.meta { color: ${theme.muted}; font-size: 20px; }
.quote { align-items: center; justify-content: center; text-align: center; padding: 56px 96px; }
.quote .badge { align-self: center; }
.quote blockquote { margin: 32px 0 0; font-size: ${size}px; line-height: 1.3; font-weight: 700; }
.quote .meta { margin-top: 28px; }
.split { flex-direction: row; padding: 0; justify-content: flex-start; }
.split .panel { box-sizing: border-box; width: 360px; padding: 56px 40px; background: ${theme.accent}; color: #ffffff; display: flex; flex-direction: column; justify-content: space-between; }
.split .panel .meta { color: #ffffff; }
.split .big { font-size: 64px; font-weight: 700; line-height: 1.2; }
.split .text { box-sizing: border-box; width: 840px; padding: 56px 60px; }
.split .badge { background: ${theme.fg}; }
${c.css ?? ''}`;
}

function page(c) {
  const t = { ...TEXTS[c.text], autonym: AUTONYMS[c.text] ?? TEXTS[c.text].autonym, ...(c.texts ?? {}) };
  const theme = THEMES[c.theme];
  const faces = c.webFonts ? `${fontFaces(c.webFonts.family, c.webFonts.files)}\n` : '';
  return `<!doctype html>
<html lang="${c.lang}"${c.dir ? ` dir="${c.dir}"` : ''}>
<head>
<meta charset="utf-8">
<title>${escapeText(t.title).slice(0, 60)}</title>
<style>
${faces}${styles(c, theme)}
</style>
</head>
<body>
${LAYOUTS[c.layout](c, t)}
</body>
</html>
`;
}

/** The cards. `script` is what the report groups by (a script or a feature of the issue's outside check). */
export const CARDS = [
  {
    name: 'arabic-news',
    script: 'Arabic',
    text: 'ar_Arab',
    lang: 'ar',
    dir: 'rtl',
    layout: 'news',
    theme: 'ink',
    family: '"Noto Sans Arabic", sans-serif',
  },
  {
    name: 'arabic-quote-webfont',
    script: 'Arabic',
    text: 'ar_Arab',
    lang: 'ar',
    dir: 'rtl',
    layout: 'quote',
    theme: 'plum',
    titleSize: 48,
    family: '"Cairo Card", sans-serif',
    webFonts: {
      family: 'Cairo Card',
      files: [
        ['NotoSansArabic_400Regular.ttf', 400],
        ['NotoSansArabic_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'persian-zwnj-news',
    script: 'Persian',
    text: 'fa_Arab',
    lang: 'fa',
    dir: 'rtl',
    layout: 'news',
    theme: 'paper',
    titleSize: 50,
    family: 'Vazirmatn, "Noto Sans Arabic", sans-serif',
  },
  {
    name: 'urdu-split',
    script: 'Urdu',
    text: 'ur_Arab',
    lang: 'ur',
    dir: 'rtl',
    layout: 'split',
    theme: 'mint',
    titleSize: 46,
    badge: 'دفعہ 4',
    family: '"Noto Sans Arabic", sans-serif',
  },
  {
    name: 'hebrew-niqqud-quote',
    script: 'Hebrew',
    text: 'he_niqqud',
    lang: 'he',
    dir: 'rtl',
    layout: 'quote',
    theme: 'paper',
    titleSize: 54,
    meta: 'בראשית א׳ 1–3',
    family: '"Noto Sans Hebrew", sans-serif',
  },
  {
    name: 'hebrew-news-webfont',
    script: 'Hebrew',
    text: 'he_Hebr',
    lang: 'he',
    dir: 'rtl',
    layout: 'news',
    theme: 'sky',
    family: '"Heebo Card", sans-serif',
    webFonts: {
      family: 'Heebo Card',
      files: [
        ['NotoSansHebrew_400Regular.ttf', 400],
        ['NotoSansHebrew_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'bidi-arabic-price-phone',
    script: 'bidi with numbers',
    text: 'ar_Arab',
    lang: 'ar',
    dir: 'rtl',
    layout: 'news',
    theme: 'sky',
    titleSize: 48,
    badge: 'السعر: ٤٩٫٩٩ ر.س — $12.50',
    bodyHtml:
      'هاتف: <span dir="ltr">+966 11 555 0100</span> — الموعد 2025/04/18 الساعة 10:02 — https://www.un.org/ar/universal-declaration-human-rights/',
    author: 'Acme Store · متجر',
    meta: 'رقم الطلب #4521 · 3 × 16.50 = 49.50',
    initials: 'AS',
    family: 'Inter, "Noto Sans Arabic", sans-serif',
  },
  {
    name: 'bidi-hebrew-url-webfont',
    script: 'bidi with numbers',
    text: 'he_Hebr',
    lang: 'he',
    dir: 'rtl',
    layout: 'split',
    theme: 'ink',
    titleSize: 44,
    panel: 'מבצע ₪79.90',
    badge: 'טל׳ 03-555-0123',
    bodyHtml:
      'הזמנה 2025/04/18 בשעה 10:02, משלוח ב-₪25 לכל הארץ. פרטים: https://example.co.il/sale?id=42 או support@example.co.il',
    meta: 'GitHub · v2.4.1',
    family: '"Rubik Card", "Noto Sans Hebrew", sans-serif',
    webFonts: {
      family: 'Rubik Card',
      files: [
        ['NotoSansHebrew_400Regular.ttf', 400],
        ['NotoSansHebrew_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'devanagari-news',
    script: 'Devanagari',
    text: 'hi_Deva',
    lang: 'hi',
    layout: 'news',
    theme: 'paper',
    family: '"Noto Sans Devanagari", Inter, sans-serif',
  },
  {
    name: 'devanagari-marathi-webfont',
    script: 'Devanagari',
    text: 'mr_Deva',
    lang: 'mr',
    layout: 'split',
    theme: 'plum',
    titleSize: 46,
    family: '"Mukta Card", sans-serif',
    webFonts: {
      family: 'Mukta Card',
      files: [
        ['NotoSansDevanagari_400Regular.ttf', 400],
        ['NotoSansDevanagari_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'bengali-news',
    script: 'Bengali',
    text: 'bn_Beng',
    lang: 'bn',
    layout: 'news',
    theme: 'mint',
    titleSize: 52,
    family: 'Inter, "Noto Sans Bengali", sans-serif',
  },
  {
    name: 'bengali-quote-webfont',
    script: 'Bengali',
    text: 'bn_Beng',
    lang: 'bn',
    layout: 'quote',
    theme: 'ink',
    titleSize: 48,
    family: '"Hind Siliguri Card", sans-serif',
    webFonts: {
      family: 'Hind Siliguri Card',
      files: [
        ['NotoSansBengali_400Regular.ttf', 400],
        ['NotoSansBengali_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'thai-news',
    script: 'Thai',
    text: 'th_Thai',
    lang: 'th',
    layout: 'news',
    theme: 'sky',
    family: '"Noto Sans Thai", Inter, sans-serif',
  },
  {
    name: 'thai-split-webfont',
    script: 'Thai',
    text: 'th_Thai',
    lang: 'th',
    layout: 'split',
    theme: 'paper',
    titleSize: 44,
    bodySize: 24,
    family: '"Sarabun Card", sans-serif',
    webFonts: {
      family: 'Sarabun Card',
      files: [
        ['NotoSansThai_400Regular.ttf', 400],
        ['NotoSansThai_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'korean-news',
    script: 'Korean',
    text: 'ko_Kore',
    lang: 'ko',
    layout: 'news',
    theme: 'ink',
    titleSize: 52,
    family: '"Noto Sans KR", sans-serif',
  },
  {
    name: 'chinese-traditional-quote',
    script: 'Traditional Chinese',
    text: 'zh_Hant',
    lang: 'zh-Hant',
    layout: 'quote',
    theme: 'paper',
    titleSize: 44,
    family: '"Noto Sans TC", sans-serif',
  },
  {
    name: 'japanese-vertical',
    script: 'vertical Japanese',
    text: 'ja_Jpan',
    lang: 'ja',
    layout: 'split',
    theme: 'mint',
    titleSize: 40,
    badge: '第1条',
    family: '"Noto Sans JP", sans-serif',
    css: '.split .text { display: flex; flex-direction: row-reverse; gap: 24px; } .split .text h1, .split .text .summary { writing-mode: vertical-rl; margin: 0; height: 518px; } .split .text .badge { align-self: flex-start; }',
  },
  {
    name: 'vietnamese-news',
    script: 'Vietnamese',
    text: 'vi_Latn',
    lang: 'vi',
    layout: 'news',
    theme: 'plum',
    family: 'Inter, sans-serif',
  },
  {
    name: 'vietnamese-serif-webfont',
    script: 'Vietnamese',
    text: 'vi_Latn',
    lang: 'vi',
    layout: 'quote',
    theme: 'paper',
    titleSize: 52,
    family: '"Lora Card", serif',
    webFonts: {
      family: 'Lora Card',
      files: [
        ['NotoSerif_400Regular.ttf', 400],
        ['NotoSerif_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'greek-news',
    script: 'Greek',
    text: 'el_Grek',
    lang: 'el',
    layout: 'news',
    theme: 'sky',
    titleSize: 52,
    family: 'Inter, sans-serif',
  },
  {
    name: 'cyrillic-russian-news',
    script: 'Cyrillic',
    text: 'ru_Cyrl',
    lang: 'ru',
    layout: 'news',
    theme: 'mint',
    family: '"Noto Serif", serif',
  },
  {
    name: 'cyrillic-ukrainian-webfont',
    script: 'Cyrillic',
    text: 'uk_Cyrl',
    lang: 'uk',
    layout: 'split',
    theme: 'ink',
    titleSize: 48,
    family: '"Manrope Card", sans-serif',
    webFonts: {
      family: 'Manrope Card',
      files: [
        ['Inter_400Regular.ttf', 400],
        ['Inter_700Bold.ttf', 700],
      ],
    },
  },
  {
    name: 'emoji-rtl-arabic',
    script: 'emoji in RTL',
    text: 'ar_Arab',
    lang: 'ar',
    dir: 'rtl',
    layout: 'quote',
    theme: 'mint',
    titleSize: 48,
    badge: '🎉 العربية ✨',
    titleHtml: 'يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق 🕊️❤️',
    meta: '👍 1.2K · 💬 87 · 🔁 301',
    family: '"Noto Sans Arabic", sans-serif',
  },
  {
    name: 'emoji-rtl-hebrew',
    script: 'emoji in RTL',
    text: 'he_Hebr',
    lang: 'he',
    dir: 'rtl',
    layout: 'news',
    theme: 'plum',
    badge: '🔥 חדש',
    titleHtml: 'כל בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם 🌍🤝',
    meta: '⭐️ 4.9 · 📅 10.12.1948',
    family: '"Noto Sans Hebrew", Inter, sans-serif',
  },
];

for (const c of CARDS) {
  const dir = join(here, c.name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), page(c));
  const meta = {
    width: 1200,
    height: 630,
    group: 'card',
    kind: 'Open Graph card (script cards)',
    script: c.script,
    lang: c.lang,
    fonts: c.webFonts
      ? `@font-face "${c.webFonts.family}" from ${c.webFonts.files.map(([f]) => f).join(', ')}`
      : `by family: ${c.family}`,
    description: `${c.layout} card, ${c.script} (${c.lang}${c.dir ? `, ${c.dir}` : ''})`,
    text: TEXTS[c.text].source,
    licence: c.text === 'he_niqqud' ? 'public domain' : 'Apache-2.0 (googlefonts/lang); UDHR text: UN OHCHR',
    ...(c.badge || c.bodyHtml || c.titleHtml || c.meta
      ? { written: 'badge, numbers, URLs, dates, emoji and author lines written for the card' }
      : {}),
  };
  writeFileSync(join(dir, 'case.json'), `${JSON.stringify(meta, null, 2)}\n`);
}
console.log(`${CARDS.length} cards written`);
