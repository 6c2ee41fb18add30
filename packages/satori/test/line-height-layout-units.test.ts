// Pictor change line-height-layout-units: a line-height is kept in Chromium's layout unit, 1/64 px: a number times
// the font size floored to one, a length rounded to the nearest. Bootstrap 3 under a 16px body (line-height 1.42857143)
// makes lines of 22.84375 px in Chromium, not 22.857: a hundred lines are 2284.4 px there, 2285.7 px before the change
// (the lines of a long page a pixel lower every 75 lines, their glyphs on the next pixel row well before); 22.857px
// is 22.859375 px there. Chromium repro: packages/core/test/repros/line-height-layout-units.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, hp } from './render.js';

/** The height of `count` blocks of one line each at 16px and the given line-height. */
async function linesHeight(lineHeight: number | string, count: number) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 200, height: 3000, fontFamily: 'Inter' },
    hp(
      'div',
      { class: 'lines', style: { display: 'block', fontSize: 16, lineHeight } },
      ...Array.from({ length: count }, (_, i) => hp('div', { style: { display: 'block' } }, `line ${i + 1}`)),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 200, height: 3000, fonts });
  return found.find((b) => b.type === 'div' && b.width === 200 && b.height < 3000)?.height;
}

describe('line-height in layout units', () => {
  it('floors 16px × 1.42857143 to 22.84375 px a line, as Chromium (100 lines: 2284.4 px)', async () => {
    expect(await linesHeight(1.42857143, 100)).toBe(2284);
  });

  it('rounds a length to the nearest unit, as Chromium (22.857px: 22.859375 px a line, 100 lines 2285.9 px)', async () => {
    expect(await linesHeight('22.857px', 100)).toBe(2286);
  });

  it('keeps a line-height that is a whole number of units (24px, 1.5 × 16)', async () => {
    expect(await linesHeight('24px', 100)).toBe(2400);
    expect(await linesHeight(1.5, 100)).toBe(2400);
  });
});
