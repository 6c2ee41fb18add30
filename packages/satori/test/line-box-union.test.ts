// Pictor change line-box-union: with line-height: normal, a line's ascent and descent are each the largest of its
// pieces' (their fonts') and the strut's (the first available font's), as Blink unites the heights of the fonts a
// line uses; satori took the box and baseline of
// the tallest piece, so a fallback face taller than the first but with a smaller ascent (Noto Sans Bengali after
// Inter, script card bengali-news) made the line 1 px short with its baseline 1 px high. Here Noto Sans JP (20 px:
// ascent 23, descent 6) is first and Thai falls back to Noto Sans Thai (ascent 21, descent 9). Chromium repro:
// packages/core/test/repros/bengali-fallback-lines.html.
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { boxes, h, thaiFont } from './render.js';

const thai = thaiFont('Thai');
const options = { fonts: [...jp, thai], width: 300, height: 100 };
const line = (text: string) =>
  h('div', { display: 'block', width: 300, fontFamily: 'Noto Sans JP, Thai', fontSize: 20 }, text);

describe('a line of two fonts with line-height: normal', () => {
  it('is as tall as the larger ascent plus the larger descent', async () => {
    const { boxes: laidOut } = await boxes(line('日本 ไทย'), options);
    expect(laidOut[0].height).toBe(23 + 9);
  });

  it('with text in the fallback font only, unites it with the first font’s box (the strut)', async () => {
    const { boxes: laidOut } = await boxes(line('ไทย'), options);
    expect(laidOut[0].height).toBe(23 + 9);
  });

  it('keeps the first font’s box alone', async () => {
    const { boxes: laidOut } = await boxes(line('日本 日本'), options);
    expect(laidOut[0].height).toBe(23 + 6);
  });
});
