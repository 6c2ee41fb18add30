// Pictor change line-height-font-size-units: a unitless line-height multiplies the font size as Chromium keeps it, in
// layout units of 1/64 px, before the product is floored to one (line-height-layout-units). 14.4px (0.9em) is
// 14.40625 px there, so `line-height: 1.6` makes lines of 23.046875 px, not 23.03125: a hundred lines are 2304.7 px in
// Chromium, 2303.1 px before the change (résumé theme short's 14.4px paragraphs a row high). Chromium repro:
// packages/core/test/repros/line-height-font-size-units.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, hp } from './render.js';

/** The height of `count` blocks of one line each at the font size and line-height. */
async function linesHeight(fontSize: number, lineHeight: number, count: number) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 200, height: 3000, fontFamily: 'Inter' },
    hp(
      'div',
      { class: 'lines', style: { display: 'block', fontSize, lineHeight } },
      ...Array.from({ length: count }, (_, i) => hp('div', { style: { display: 'block' } }, `line ${i + 1}`)),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 200, height: 3000, fonts });
  return found.find((b) => b.type === 'div' && b.width === 200 && b.height < 3000)?.height;
}

describe('a unitless line-height times the font size in layout units', () => {
  it('14.4px × 1.6 is 23.046875 px a line, as in Chromium (100 lines: 2304.7 px)', async () => {
    expect(await linesHeight(14.4, 1.6, 100)).toBe(2305);
  });

  it('a font size that is a whole number of units is unchanged (16px × 1.42857143: 22.84375 px)', async () => {
    expect(await linesHeight(16, 1.42857143, 100)).toBe(2284);
  });
});
