// Pictor change kerning-without-space: a font's kerning between two characters with a break opportunity and no space
// between them (CJK characters, a hyphen and the next letter) applies while both are on one line, as Chromium shapes
// the run whole (vivliostyle-academic-fet, dmsl-academic-bio: Noto Sans JP kerns `ー` with `ス` by -50/1000 em, so
// "ソース" is 38 px at 13.33 px, not 39, and Chromium's justified line still took "FET"). Words measured one by one
// lost it: "ースースースースース" at 40 px is 390 px in Chromium (five pairs of -2 px) and was 400 px here, so a line
// 390 px wide broke before its last character. Chromium repro: packages/core/test/repros/kerning-without-space.html.
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { boxes, fonts, h, hp, textPieces } from './render.js';

const text = 'ースースースースース';

/** The height and the shrink-to-fit width of a 40 px paragraph `width` px wide (lines of 50 px). */
async function paragraph(width: number | undefined, ...content: unknown[]) {
  const style = { fontFamily: 'Noto Sans JP', fontSize: 40, lineHeight: '50px', ...(width ? { width } : {}) };
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start', width: 600 },
    hp('div', { lang: 'ja', style }, ...content),
  );
  const { boxes: found } = await boxes(root, { width: 600, height: 200, fonts: [...fonts, ...jp] });
  return { width: found[1].width, height: found[1].height };
}

describe('kerning between characters with no space between them', () => {
  it('fits a line as wide as the kerned text, as plain text', async () => {
    expect((await paragraph(390, text)).height).toBe(50);
    // Narrower than that, the line breaks (before the last character).
    expect((await paragraph(389, text)).height).toBe(100);
  });

  it('fits a line as wide as the kerned text, in an inline box and across its end', async () => {
    expect((await paragraph(390, h('span', {}, text))).height).toBe(50);
    // `ース|ース`: the pair across the span's end is kerned too (one font, shaped as one run in Chromium).
    expect((await paragraph(390, h('span', {}, 'ースースースー'), 'スース')).height).toBe(50);
    expect((await paragraph(389, h('span', {}, text))).height).toBe(100);
  });

  it('is as wide as the kerned text when it shrinks to fit', async () => {
    expect((await paragraph(undefined, text)).width).toBe(390);
    expect((await paragraph(undefined, h('span', {}, text))).width).toBe(390);
  });

  it('moves each character after a kerned pair left by the kerning', async () => {
    const pieces = await textPieces(
      hp(
        'div',
        { lang: 'ja', style: { display: 'flex', width: 600, fontFamily: 'Noto Sans JP', fontSize: 40 } },
        text,
      ),
      { width: 600, height: 100, fonts: [...fonts, ...jp] },
    );
    // ー 0, ス 38, ー 78, ス 116…: each ー+ス pair -2 px, ス+ー none.
    expect(pieces.map((p) => p.x).slice(0, 4)).toEqual([0, 38, 78, 116]);
  });
});
