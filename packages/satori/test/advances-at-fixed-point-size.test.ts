// Pictor change advances-at-fixed-point-size: whole-pixel advances are scaled by the font size as FreeType is given it,
// in 26.6 fixed point cut to the 1/64 px below (Chromium on Linux), not by the CSS size itself. Chromium repro:
// packages/core/test/repros/advances-at-fixed-point-size.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

/** The laid-out width of `text` in Inter at `fontSize`, with whole-pixel advances. */
async function width(text: string, fontSize: number, wholePixelAdvances = true) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start' },
    h('div', { display: 'flex', fontFamily: 'Inter', fontSize }, text),
  );
  const { boxes: found } = await boxes(root, { width: 2000, height: 60, wholePixelAdvances, fonts });
  return found[1].width;
}

describe('whole-pixel advances at the 26.6 font size', () => {
  it('scales advances by the size cut to 1/64 px, as Chromium measures them', async () => {
    // Inter `v` at 13.333px (10pt): 7.50 px at the size itself (rounded to 8), 7.49 at 13.328125 px (7 in Chromium).
    expect(await width('vvvvvvvvvv', 40 / 3)).toBe(70);
    expect(await width('yyyyyyyyyy', 40 / 3)).toBe(70);
    // A size on the 1/64 grid is itself: 16px `v` keeps its 9 px.
    expect(await width('vvvvvvvvvv', 16)).toBe(90);
  });

  it('scales fractional advances (web fonts) by that size too, kerning by the size itself', async () => {
    // Chromium: 100 Inter 14.4px `a` from @font-face are 808.08 px wide (808.59 at the size itself); 200 are 1616.13
    // (boxes are laid out in whole pixels: 1617; 1617.19 at the size itself, 1618).
    expect(await width('a'.repeat(200), 14.4, false)).toBe(1617);
  });
});
