/**
 * The documents of growth.mjs (issue 42), each a new filling for every `seq`: a card of N lines of text, a card with
 * one picture or 32 distinct 64×64 pictures, the 2-line card at 600×315, 1200×630 and 2400×1260.
 */
import { fill, prng } from './fresh-cards.mjs';

const WORDS =
  'quiet bold rapid gentle bright hidden modern silent careful golden river engine garden harbour lantern compass meadow signal canvas archive bridge forest circuit studio market beacon builds renders measures shapes explores'.split(
    ' ',
  );

/** `n` lines of fresh words for the `seq`-th filling. */
function lines(seq, n) {
  const random = prng(seq * 104729 + n);
  const out = [];
  for (let i = 0; i < n; i++) {
    const words = [];
    for (let w = 0; w < 8; w++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
    out.push(`${seq}.${i + 1} ${words.join(' ')}`);
  }
  return out;
}

/** A card of `n` lines (a title and n − 1 lines of body text), as wide as `width`, its fonts in proportion. */
export function textCard(seq, n, width = 1200) {
  const k = width / 1200;
  const v = fill(seq);
  const body = lines(seq, n - 1)
    .map(
      (line) =>
        `<div style="display:flex;font-size:${22 * k}px;line-height:${30 * k}px;color:#334155">${line}</div>`,
    )
    .join('');
  const height = Math.max(Math.round(630 * k), Math.round((150 + 30 * n) * k));
  const html = `<div style="display:flex;flex-direction:column;box-sizing:border-box;width:${width}px;height:${height}px;padding:${60 * k}px;background-color:#ffffff;font-family:Inter">
  <div style="display:flex;font-size:${56 * k}px;font-weight:700;color:#0f172a;margin-bottom:${16 * k}px">${v.title.slice(0, 44)}</div>${body}</div>`;
  return { html, width, height };
}

/** 32 distinct 64×64 photo-like JPEGs as data: URIs (the same set every render), and one of 400×400. */
export async function makePictures() {
  const picture = async (i, size) => {
    const random = prng(9000 + i);
    const pixels = Buffer.alloc(size * size * 3);
    const base = [random() * 255, random() * 255, random() * 255];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const o = (y * size + x) * 3;
        for (let c = 0; c < 3; c++)
          pixels[o + c] = Math.max(
            0,
            Math.min(255, base[c] * (0.5 + (0.5 * (x + y)) / size) + (random() - 0.5) * 40),
          );
      }
    const jpeg = await (await import('sharp'))
      .default(pixels, { raw: { width: size, height: size, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  };
  const small = await Promise.all(Array.from({ length: 32 }, (_, i) => picture(i, 64)));
  return { small, large: await picture(99, 400) };
}

/** A 1200×630 card with a title, a line and `count` pictures (1: 400×400; 32: the distinct 64×64 set). */
function pictureCard(seq, count, pictures) {
  const v = fill(seq);
  const images =
    count === 1
      ? `<img src="${pictures.large}" width="400" height="400" style="width:400px;height:400px;border-radius:24px" />`
      : pictures.small
          .slice(0, count)
          .map(
            (uri) => `<img src="${uri}" width="64" height="64" style="width:64px;height:64px;margin:6px" />`,
          )
          .join('');
  const html = `<div style="display:flex;flex-direction:column;box-sizing:border-box;width:1200px;height:630px;padding:48px;background-color:#f8fafc;font-family:Inter">
  <div style="display:flex;font-size:48px;font-weight:700;color:#0f172a">${v.title.slice(0, 44)}</div>
  <div style="display:flex;font-size:24px;color:#475569;margin:8px 0 20px 0">${v.name} · ${v.date}</div>
  <div style="display:flex;flex-wrap:wrap;width:${count === 1 ? 400 : 608}px">${images}</div></div>`;
  return { html, width: 1200, height: 630 };
}

export const CASES = {
  'lines-2': (seq) => textCard(seq, 2),
  'lines-8': (seq) => textCard(seq, 8),
  'lines-96': (seq) => textCard(seq, 96),
  'pics-1': (seq, p) => pictureCard(seq, 1, p),
  'pics-32': (seq, p) => pictureCard(seq, 32, p),
  'size-600': (seq) => textCard(seq, 2, 600),
  'size-2400': (seq) => textCard(seq, 2, 2400),
};
export const CASE_LABEL = {
  'lines-2': 'card with 2 lines of text (1200×630)',
  'lines-8': '8 lines',
  'lines-96': '96 lines (1200×3030)',
  'pics-1': '1 picture (400×400)',
  'pics-32': '32 distinct 64×64 pictures',
  'size-600': 'card at 600×315',
  'size-2400': 'card at 2400×1260',
};
