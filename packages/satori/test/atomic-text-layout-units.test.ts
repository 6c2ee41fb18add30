// Pictor change atomic-text-layout-units: an inline-block's text is measured in layout units (1/64 px) when the
// inline-block is sized for its line, as Chromium sizes it by its content; rounded up to a whole pixel, an icon of
// 19.64 px took 20 px of its line, and a line that fits in Chromium wrapped (Font Awesome icons before list items).
// Chromium repro: packages/core/test/repros/atomic-text-layout-units.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

/** The height of a paragraph `width` px wide: an inline-block of web-font text, then a few words. */
async function paragraphHeight(width: number) {
  const web = { ...fonts[0], name: 'Web', data: Buffer.from(fonts[0].data), wholePixelAdvances: false };
  const root = h(
    'div',
    { display: 'flex', width: 600, alignItems: 'flex-start' },
    h(
      'div',
      { display: 'block', fontFamily: 'Inter', fontSize: 12, lineHeight: '15px', width },
      h('span', { display: 'inline-block', fontFamily: 'Web' }, 'ww'),
      ' Build an algorithm',
    ),
  );
  const { boxes: found } = await boxes(root, { width: 700, height: 60, wholePixelAdvances: true, fonts: [...fonts, web] });
  return found[1].height;
}

describe('an inline-block sized in layout units', () => {
  it('fits its line where Chromium fits it (19.64 + 105 px in 124.75)', async () => {
    // Chromium: the inline-block is 19.640625 px, the words 105: one line from 124.75 px, two below.
    expect(await paragraphHeight(124.75)).toBe(15);
    expect(await paragraphHeight(124.5)).toBe(30);
  });
});
