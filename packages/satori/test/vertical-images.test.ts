// Pictor change vertical-images: an <img> or inline <svg> in vertical text is drawn upright in its column, centred
// on it, as long along the column as it is tall (it was left out). Chromium repro:
// packages/core/test/repros/vertical-rl-images.html (html-vertical-writing.test.ts).
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { h, hp, pixels, render } from './render.js';

const text = { fontFamily: 'Noto Sans JP', fontSize: 20, lineHeight: 1.5, color: 'black' };
const red = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='16' height='32'><rect width='16' height='32' fill='#ff0000'/></svg>",
)}`;

/** The bounding box of the pixels of one colour in a 200×120 image. */
function extent(data: Buffer, [r, g, b]: number[]) {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < 120; y++) {
    for (let x = 0; x < 200; x++) {
      const i = (y * 200 + x) * 4;
      if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) {
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
    }
  }
  return { left, right, top, bottom };
}

describe('images in vertical text', () => {
  it('an <img> and an <svg> stand upright in their column, after the text before them', async () => {
    const element = h(
      'div',
      { display: 'flex', width: 200, height: 120, alignItems: 'flex-start' },
      h(
        'div',
        { ...text, writingMode: 'vertical-rl', height: 115 },
        '一二',
        hp('img', { src: red, width: 16, height: 32 }),
        '三',
        hp(
          'svg',
          { width: 20, height: 20, viewBox: '0 0 20 20' },
          hp('rect', { x: 0, y: 0, width: 20, height: 20, fill: '#0000ff' }),
        ),
        '四五六',
      ),
    );
    const data = await pixels(await render(element, { fonts: jp, width: 200, height: 120 }));
    // Two columns of 30 px (the line height); the first, on the right (30…60): the image 16 px across, centred,
    // below 一二 (40 px), the square below 三 (40 + 32 + 20 = 92), then 四 does not fit (132 > 115).
    expect(extent(data, [255, 0, 0])).toEqual({ left: 37, right: 53, top: 40, bottom: 72 });
    expect(extent(data, [0, 0, 255])).toEqual({ left: 35, right: 55, top: 92, bottom: 112 });
  });
});
