// Pictor change vertical-align-middle: an image with `vertical-align: middle` in vertical text has its middle on the
// column's centre plus half the x-height, toward the line's over side (the right), as Chromium places it; it was
// centred like an image on the baseline. Chromium repro: packages/core/test/repros/vertical-rl-leftovers.html
// (html-vertical-writing.test.ts).
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { h, hp, render } from './render.js';

const text = { fontFamily: 'Noto Sans JP', fontSize: 20, lineHeight: 1.5, color: 'black' };
const square = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><rect width='16' height='16' fill='#f00'/></svg>",
)}`;

/** The x of each `<image>` of an SVG. */
const xs = (svg: string) => [...svg.matchAll(/<image[^>]* x="([\d.-]+)"/g)].map((m) => Number(m[1]));

describe('vertical-align: middle of an image in vertical text', () => {
  it('moves it right of the centred place by half the x-height', async () => {
    const element = h(
      'div',
      { display: 'flex', width: 200, height: 120 },
      h(
        'div',
        { ...text, writingMode: 'vertical-rl', height: 115 },
        '一',
        hp('img', { src: square, width: 16, height: 16 }),
        '二',
        hp('img', { src: square, width: 16, height: 16, style: { verticalAlign: 'middle' } }),
      ),
    );
    const [baseline, middle] = xs(await render(element, { fonts: jp, width: 200, height: 120 }));
    // One 30 px column: the image on the baseline centred (7…23); Noto Sans JP's x-height is 0.543 em.
    expect(baseline).toBe(7);
    expect(middle).toBeCloseTo(7 + (0.543 * 20) / 2, 1);
  });
});
