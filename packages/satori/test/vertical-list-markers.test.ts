// Pictor change vertical-list-markers: the markers of list items in vertical writing are drawn before the start of
// the item's first column, centred on it, as Chromium turns them with the line (an outside disc ends `offset` px
// before the content, as before a horizontal line; a decimal marker's text ends where the content starts). They were
// left out (disc, square, circle: boxes without text) or set inside the column (decimal). Chromium repro:
// packages/core/test/repros/vertical-rl-leftovers.html (html-vertical-writing.test.ts).
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { h, pixels, render } from './render.js';

// (satori reported the markers' font-family, already computed, as a style error until font-family-array.)
const text = { fontFamily: 'Noto Sans JP', fontSize: 20, lineHeight: 1.5, color: 'black' };

/** The `<image>` elements of an SVG: x, y, width, height. */
function images(svg: string) {
  return [...svg.matchAll(/<image[^>]*>/g)].map(([tag]) =>
    Object.fromEntries(
      ['x', 'y', 'width', 'height'].map((a) => [a, Number(new RegExp(` ${a}="([\\d.-]+)"`).exec(tag)?.[1])]),
    ),
  );
}

/** The rows with dark pixels in columns [x0, x1) of a 200×150 image. */
function inkRows(data: Buffer, x0: number, x1: number) {
  let top = Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < 150; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * 200 + x) * 4;
      if ((data[i + 3] as number) > 128 && (data[i] as number) < 100) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
    }
  }
  return { top, bottom };
}

const list = (type: string, style: Record<string, unknown>) =>
  h(
    'div',
    { display: 'flex', width: 200, height: 150 },
    h(
      type,
      { ...text, ...style, writingMode: 'vertical-rl', height: 140, margin: 0, paddingTop: 40 },
      h('li', {}, '一二'),
    ),
  );

describe('list markers in vertical writing', () => {
  it('a disc is centred on the first column and starts 22 px before its column', async () => {
    const svg = await render(list('ul', {}), { fonts: jp, width: 200, height: 150, onStyleError: () => {} });
    // Noto Sans JP 20 px: ascent 23, two thirds of it 15, so the disc is 8 px and starts 15 + 7 px before the content
    // at 40, as before a horizontal line; the column is 30 px wide (0…30).
    expect(images(svg)).toEqual([{ x: 11, y: 18, width: 8, height: 8 }]);
  });

  it("a decimal marker's text ends where the column's content starts", async () => {
    const data = await pixels(
      await render(list('ol', {}), { fonts: jp, width: 200, height: 150, onStyleError: () => {} }),
    );
    const { top, bottom } = inkRows(data, 0, 30);
    // `1. ` set sideways before 40, 一二 from 40 to 80.
    expect(top).toBeLessThan(40);
    expect(top).toBeGreaterThan(10);
    expect(bottom).toBeLessThanOrEqual(80);
  });
});
