/**
 * The four cards of the fresh-content benchmark (issue 18), each a template filled with a new title, name and date
 * for every render: `cardHtml(card, seq)` gives the HTML of the `seq`-th filling, the same in every process, and
 * no two `seq` give the same text. The reference card is the one of `card.mjs` (same styles and avatar); the
 * others: a text-heavy document (800×1200, 40 lines), an image-heavy square (1080×1080, four photos with
 * `object-fit: cover`) and a CJK + emoji card (1200×630).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAvatar, loadInterFonts } from './card.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, '../../packages/core');

export const CARDS = ['reference', 'text', 'photos', 'cjk'];
export const CARD_SIZE = {
  reference: { width: 1200, height: 630 },
  text: { width: 800, height: 1200 },
  photos: { width: 1080, height: 1080 },
  cjk: { width: 1200, height: 630 },
};

const ADJECTIVES =
  'quiet bold rapid gentle bright hidden modern silent careful golden curious distant honest clever steady simple'.split(
    ' ',
  );
const NOUNS =
  'river engine garden harbour lantern compass meadow signal canvas archive bridge forest circuit studio market beacon'.split(
    ' ',
  );
const VERBS = 'builds renders measures shapes explores rewrites ships designs tests maps scales tunes'.split(
  ' ',
);
const FIRST =
  'Ada Grace Linus Margaret Alan Barbara Dennis Frances Ken Radia Edsger Hedy Tim Sophie Guido Anders'.split(
    ' ',
  );
const LAST =
  'Lovelace Hopper Torvalds Hamilton Turing Liskov Ritchie Allen Thompson Perlman Dijkstra Lamarr Berners Wilson Rossum Hejlsberg'.split(
    ' ',
  );
const CJK_WORDS = [
  '快速',
  '图片',
  '渲染',
  '服务',
  '模板',
  '设计',
  '社交',
  '卡片',
  '发布',
  '新闻',
  '技术',
  '日本語',
  '東京',
  '春の',
  '開発',
  '会議',
];
const EMOJI = ['🚀', '🎉', '✨', '🔥', '📦', '🌍', '⚡', '🎨', '📈', '🧪', '💡', '🛠️'];

/** Deterministic PRNG (mulberry32). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The variables of the `seq`-th filling: the title and name from word lists, a date and number that only this `seq` has. */
export function fill(seq) {
  const random = prng(seq * 7919 + 17);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const date = new Date(Date.UTC(2000, 0, 1) + (seq % 30_000) * 86_400_000);
  return {
    title: `The ${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(VERBS)} a ${pick(ADJECTIVES)} ${pick(NOUNS)}, issue ${seq + 1}`,
    name: `${pick(FIRST)} ${pick(LAST)}`,
    date: date.toISOString().slice(0, 10),
    random,
    pick,
  };
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Images and fonts every process builds the same way (deterministic bytes). */
export async function loadAssets() {
  const avatar = await createAvatar();
  const photos = await Promise.all([0, 1, 2, 3].map(createPhoto));
  const require = createRequire(join(coreDir, 'package.json'));
  const cjkFaces = require('@pictor/fonts-cjk').faces.filter((face) => face.name === 'Noto Sans SC');
  const cjkFonts = cjkFaces.map((face) => ({
    name: face.name,
    data: readFileSync(face.file),
    weight: face.weight,
    style: 'normal',
  }));
  const twemoji = JSON.parse(readFileSync(join(coreDir, 'dist/assets/twemoji.json'), 'utf8'));
  return {
    avatarUri: `data:image/jpeg;base64,${avatar.toString('base64')}`,
    photoUris: photos.map((photo) => `data:image/jpeg;base64,${photo.toString('base64')}`),
    photoBytes: photos.reduce((sum, photo) => sum + photo.length, 0),
    avatarBytes: avatar.length,
    inter: loadInterFonts(),
    cjkFonts,
    twemoji,
  };
}

/**
 * A photo-like 640×480 JPEG (about 60–90 KB): a sky-to-ground gradient with hills, a sun and leaves of noise,
 * blurred a little and grained, so it compresses like a photo.
 */
async function createPhoto(index) {
  const width = 640;
  const height = 480;
  const random = prng(4242 + index);
  const pixels = Buffer.alloc(width * height * 3);
  const hue = [
    [90, 140, 220],
    [230, 150, 90],
    [120, 200, 160],
    [200, 120, 200],
  ][index];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const horizon = 260 + Math.sin(x / 70 + index) * 40 + Math.sin(x / 23) * 12;
      let r;
      let g;
      let b;
      if (y < horizon) {
        const t = y / horizon;
        r = hue[0] * (1 - t) + 240 * t;
        g = hue[1] * (1 - t) + 230 * t;
        b = hue[2] * (1 - t) + 210 * t;
        const sun = Math.hypot(x - 460 + index * 40, y - 110);
        if (sun < 50) [r, g, b] = [255, 240, 200];
      } else {
        const t = (y - horizon) / (height - horizon);
        const leaf = Math.sin(x / 5 + Math.cos(y / 7) * 3) * 25;
        r = 60 + leaf - t * 30;
        g = 110 + leaf - t * 40 + index * 10;
        b = 50 + leaf / 2;
      }
      const grain = (random() - 0.5) * 40;
      pixels[i] = Math.max(0, Math.min(255, r + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return (await import('sharp'))
    .default(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The HTML of one filling of one card (inline styles only, so every engine reads the same thing). */
export function cardHtml(card, seq, assets, size = CARD_SIZE[card]) {
  const v = fill(seq);
  if (card === 'reference') return referenceCard(v, assets, size);
  if (card === 'text') return textCard(v);
  if (card === 'photos') return photoCard(v, assets);
  if (card === 'cjk') return cjkCard(v, seq);
  throw new Error(`unknown card ${card}`);
}

/** The reference card of card.mjs with a new title, and the name and date in the subtitle. */
function referenceCard(v, assets, { width, height }) {
  return `<div style="display:flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;width:${width}px;height:${height}px;padding:60px;background-image:linear-gradient(135deg,#312e81 0%,#6d28d9 55%,#db2777 100%);color:#ffffff;font-family:Inter">
  <div style="display:flex;align-items:center;justify-content:space-between">
    <img src="${assets.avatarUri}" width="200" height="200" style="width:200px;height:200px;border-radius:100px;border:6px solid rgba(255,255,255,0.85)" />
    <div style="display:flex;padding:12px 28px;border-radius:999px;background-color:#facc15;color:#1e1b4b;font-size:26px;font-weight:700">Open source</div>
  </div>
  <div style="display:flex;flex-direction:column">
    <div style="display:flex;font-size:64px;font-weight:700;line-height:1.15;letter-spacing:-1px">${escapeHtml(v.title)}</div>
    <div style="display:flex;margin-top:20px;font-size:30px;font-weight:400;color:rgba(255,255,255,0.85)">${escapeHtml(v.name)} · ${v.date} · pictor.dev</div>
  </div>
</div>`;
}

/** A document: a header (title, name, date) and 40 lines of running text, each line new words. */
function textCard(v) {
  const lines = [];
  for (let i = 0; i < 40; i++) {
    const words = [];
    for (let w = 0; w < 9; w++) words.push(v.pick(w % 2 ? NOUNS : ADJECTIVES));
    lines.push(
      `<div style="display:flex;font-size:17px;line-height:24px;color:${i % 10 === 0 ? '#1d4ed8' : '#1f2937'}${i % 10 === 0 ? ';font-weight:700' : ''}">${i + 1}. ${words.join(' ')} ${v.pick(VERBS)}.</div>`,
    );
  }
  return `<div style="display:flex;flex-direction:column;box-sizing:border-box;width:800px;height:1200px;padding:48px 56px;background-color:#ffffff;font-family:Inter">
  <div style="display:flex;font-size:34px;font-weight:700;color:#111827;line-height:1.2">${escapeHtml(v.title)}</div>
  <div style="display:flex;margin:12px 0 20px 0;font-size:18px;color:#6b7280">${escapeHtml(v.name)} · ${v.date}</div>
  ${lines.join('\n  ')}
</div>`;
}

/** A square of four photos (object-fit: cover) with the title, name and date on a translucent band. */
function photoCard(v, assets) {
  const photo = (uri) =>
    `<img src="${uri}" width="532" height="420" style="width:532px;height:420px;object-fit:cover;border-radius:16px" />`;
  return `<div style="display:flex;flex-direction:column;box-sizing:border-box;width:1080px;height:1080px;padding:8px;background-color:#0f172a;font-family:Inter;color:#ffffff">
  <div style="display:flex;justify-content:space-between">${photo(assets.photoUris[0])}${photo(assets.photoUris[1])}</div>
  <div style="display:flex;flex-direction:column;justify-content:center;height:216px;padding:0 40px;background-color:rgba(15,23,42,0.85)">
    <div style="display:flex;font-size:44px;font-weight:700;line-height:1.15">${escapeHtml(v.title)}</div>
    <div style="display:flex;margin-top:10px;font-size:24px;color:#cbd5e1">${escapeHtml(v.name)} · ${v.date}</div>
  </div>
  <div style="display:flex;justify-content:space-between">${photo(assets.photoUris[2])}${photo(assets.photoUris[3])}</div>
</div>`;
}

/** A card of Chinese and Japanese text with colour emoji: a new title (words and emoji), name and date each time. */
function cjkCard(v, seq) {
  const words = [];
  for (let i = 0; i < 6; i++) words.push(v.pick(CJK_WORDS));
  const emoji = `${v.pick(EMOJI)}${v.pick(EMOJI)}`;
  return `<div style="display:flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;width:1200px;height:630px;padding:64px;background-image:linear-gradient(160deg,#fef3c7 0%,#fde68a 100%);color:#1c1917;font-family:Inter, 'Noto Sans SC'">
  <div style="display:flex;font-size:30px;font-weight:700;color:#b45309">技术博客 ${emoji}</div>
  <div style="display:flex;flex-direction:column">
    <div style="display:flex;font-size:60px;font-weight:700;line-height:1.25">${words.join('')}：第${seq + 1}期 ${v.pick(EMOJI)}</div>
    <div style="display:flex;margin-top:20px;font-size:28px;color:#57534e">作者 ${escapeHtml(v.name)} · ${v.date} · 阅读 ${(seq % 50) + 3} 分钟</div>
  </div>
</div>`;
}

/** The fonts a careful hand pipeline (and Takumi, @vercel/og) gets for a card: Inter, and Noto Sans SC for the CJK card. */
export function fontsFor(card, assets) {
  return card === 'cjk' ? [...assets.inter, ...assets.cjkFonts] : assets.inter;
}

/** A careful satori `loadAdditionalAsset`: emoji as Twemoji SVG data: URIs (the same images Pictor draws). */
export function emojiLoader(assets) {
  const cache = new Map();
  return async (code, segment) => {
    if (code !== 'emoji') return [];
    if (cache.has(segment)) return cache.get(segment);
    const points = [...segment].map((c) => c.codePointAt(0).toString(16));
    const names = [points.join('-'), points.filter((p) => p !== 'fe0f').join('-')];
    const svg = names.map((name) => assets.twemoji[`${name}.svg`]).find(Boolean);
    const uri = svg ? `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` : [];
    cache.set(segment, uri);
    return uri;
  };
}
