/**
 * Pictor change select-arrow-shape (src/form-control.ts, `ARROW`): a drop-down's arrow is Chromium's chevron — 8 px
 * wide, a 2 px stroke with a mitred tip, its middle 9 px from the select's right edge — where satori drew a thinner
 * rounded one half a pixel to the right and a row short. The reference below is Chromium's drawing of a 13.33 px
 * select's arrow (benchmarks/fidelity try-page, the red channel), the rows from 6 above to 4 below the select's
 * middle, the columns from 16 to 3 px left of its right edge. Chromium repro:
 * packages/core/test/repros/select-arrow-shape.html.
 */
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels } from './render.js';

const CHROMIUM = [
  [255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255],
  [255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255],
  [255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255],
  [255, 255, 255, 141, 231, 255, 255, 255, 255, 231, 143, 255, 255, 255],
  [255, 255, 150, 0, 36, 230, 255, 255, 230, 36, 0, 154, 255, 255],
  [255, 255, 231, 32, 0, 36, 231, 231, 36, 0, 36, 231, 255, 255],
  [255, 255, 255, 227, 35, 0, 33, 33, 0, 35, 230, 255, 255, 255],
  [255, 255, 255, 255, 226, 33, 0, 0, 35, 227, 255, 255, 255, 255],
  [255, 255, 255, 255, 255, 227, 28, 32, 227, 255, 255, 255, 255, 255],
  [255, 255, 255, 255, 255, 255, 222, 226, 255, 255, 255, 255, 255, 255],
];

describe('a drop-down select arrow', () => {
  it("is drawn as Chromium's chevron", async () => {
    const width = 200;
    const { svg, boxes: found } = await boxes(
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'flex-start',
          width,
          height: 60,
          padding: 8,
          backgroundColor: 'white',
        },
        hp('select', {}, hp('option', {}, 'Untouched')),
      ),
      { width, height: 60 },
    );
    const select = found.find((b) => b.type === 'select')!;
    const rgba = await pixels(svg);
    const top = Math.round(select.top + select.height / 2) - 6;
    const left = Math.round(select.left + select.width) - 16;
    let difference = 0;
    for (const [y, row] of CHROMIUM.entries()) {
      for (const [x, value] of row.entries()) {
        difference += Math.abs(rgba[((top + y) * width + left + x) * 4] - value);
      }
    }
    // Per pixel, on average (satori's arrow: 21).
    expect(difference / (CHROMIUM.length * CHROMIUM[0].length)).toBeLessThan(6);
  });
});
