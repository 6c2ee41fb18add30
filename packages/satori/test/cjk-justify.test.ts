// Pictor change cjk-justify: `text-align: justify` widens a line where Chromium does (text-justify: auto): after a
// space and around every CJK character, so a Japanese line without spaces is spread between each pair of characters
// (satori drew the characters of a line together, unspread, and widened lines only at spaces), and not at a break
// opportunity between two Latin letters (after a hyphen). Chromium repro: packages/core/test/repros/cjk-justify.html.
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { fonts, h, pixels, render, textPieces } from './render.js';

const kana = 'あいうえおかきくけこさしすせそ';
const style = {
  width: 215,
  fontSize: 20,
  lineHeight: '28px',
  fontFamily: 'Noto Sans JP',
  textAlign: 'justify',
};

/** The rightmost inked column of the first 28 px line of a justified paragraph, drawn with embedded glyphs. */
async function firstLineInkRight(text: string): Promise<number> {
  const svg = await render(
    h('div', { display: 'flex', width: 240, backgroundColor: 'white' }, h('div', style, text)),
    {
      width: 240,
      height: 60,
      fonts: [...fonts, ...jp],
    },
  );
  const data = await pixels(svg);
  let right = -1;
  for (let y = 0; y < 28; y++) {
    for (let x = 0; x < 240; x++) {
      if (data[(y * 240 + x) * 4] < 128) right = Math.max(right, x);
    }
  }
  return right;
}

describe('justified CJK text', () => {
  it('spreads a line without spaces between its characters, to the end of the line', async () => {
    // Ten kana of 20 px in 215 px: unspread, the last ends near 200.
    expect(await firstLineInkRight(kana)).toBeGreaterThan(208);
  });

  it('is not widened after a hyphen between Latin letters', async () => {
    // "well-known " fills the first line of 130 px but for 20 px: Chromium has no place to widen it (its trailing
    // space hangs), so "known" stays right after "well-" (satori put the 20 px there).
    const pieces = await textPieces(
      h(
        'div',
        { display: 'flex' },
        h('div', { ...style, fontFamily: 'Inter', width: 130 }, 'well-known text here'),
      ),
      { width: 200, height: 100 },
    );
    const hyphen = pieces.find((p) => p.text === '-');
    const known = pieces.find((p) => p.text === 'known');
    expect(hyphen && known).toBeTruthy();
    expect(known!.x - hyphen!.x).toBeLessThan(10);
  });
});
