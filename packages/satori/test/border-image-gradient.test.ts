// Pictor change border-image-gradient: `border-image` with a gradient source is drawn in place of the border, as
// Chromium draws it (the gradient, as large as the border box, cut by `border-image-slice` into corners, edges and,
// with `fill`, the middle): a certificate's `border: 10px solid transparent; border-image: linear-gradient(…) 1`
// frame was empty. Chromium repro: border-image-gradient, html-chromium-repros.test.ts.
import { describe, expect, it } from 'vitest';
import { fonts, h, pixels, render } from './render.js';

/** The RGBA of pixel (x, y) of a 120×80 render of `style` on a 100×60 box at (10, 10). */
async function pixelsOf(style: Record<string, unknown>) {
  const element = h(
    'div',
    { display: 'flex', width: 120, height: 80, padding: 10 },
    h('div', { display: 'flex', width: 100, height: 60, boxSizing: 'border-box', ...style }),
  );
  const data = await pixels(await render(element, { fonts, width: 120, height: 80 }));
  return (x: number, y: number) => Array.from(data.subarray((y * 120 + x) * 4, (y * 120 + x) * 4 + 4));
}

describe('gradient border images', () => {
  it('a frame of a left-to-right gradient, slice 1: red at the left edge, blue at the right, nothing inside', async () => {
    const at = await pixelsOf({
      borderWidth: 8,
      borderStyle: 'solid',
      borderColor: 'transparent',
      borderImage: 'linear-gradient(to right, #ff0000, #0000ff) 1',
    });
    const [r1, , b1, a1] = at(12, 40) as [number, number, number, number];
    expect(a1).toBe(255);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(40);
    const [r2, , b2, a2] = at(106, 40) as [number, number, number, number];
    expect(a2).toBe(255);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(40);
    // The middle is not drawn without `fill`.
    expect(at(60, 40)[3]).toBe(0);
  });

  it('`fill` draws the middle too; the longhands are read as the shorthand is', async () => {
    const at = await pixelsOf({
      borderWidth: 6,
      borderStyle: 'solid',
      borderImageSource: 'linear-gradient(#00ff00, #00ff00)',
      borderImageSlice: '10 fill',
    });
    expect(at(60, 40)).toEqual([0, 255, 0, 255]);
    expect(at(12, 12)).toEqual([0, 255, 0, 255]);
  });
});
