// Pictor change box-shadow-lengths: box-shadow lengths in em/rem are of the element's font size (Bulma's
// `inset 0 .0625em .125em` covered the whole canvas), the colour may come first. Chromium repro:
// packages/core/test/repros/box-shadow-em.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** RGBA of pixel (x, y) of a 100×60 canvas with a 40×20 box at (10, 10) with `boxShadow`, font size 10px. */
async function drawn(boxShadow: string, points: [number, number][]) {
  const box = h('div', { display: 'flex', width: 40, height: 20, marginLeft: 10, marginTop: 10, boxShadow });
  const svg = await render(
    h('div', { display: 'flex', width: 100, height: 60, fontSize: 10, background: '#fff' }, box),
    {
      width: 100,
      height: 60,
    },
  );
  const px = await pixels(svg);
  return points.map(([x, y]) => Array.from(px.subarray((y * 100 + x) * 4, (y * 100 + x) * 4 + 3)));
}

describe('box-shadow lengths', () => {
  it('em offsets are of the font size: 1em 1em draws 10px below and right', async () => {
    const [inside, outside] = await drawn('1em 1em 0 #00f', [
      [55, 35], // under the box's bottom-right, within the 10px shadow
      [65, 45], // past it
    ]);
    expect(inside).toEqual([0, 0, 255]);
    expect(outside).toEqual([255, 255, 255]);
  });

  it('a small inset em shadow leaves the canvas outside the box white', async () => {
    const [far] = await drawn('inset 0 .0625em .125em rgba(10, 10, 10, .5)', [[80, 50]]);
    expect(far).toEqual([255, 255, 255]);
  });

  it("minified CSS's `0 0#0000` and Tailwind 4's empty `/*!*/ /*!*/` are read as browsers read them", async () => {
    const [inside] = await drawn('0 0#0000,/*!*/ /*!*/ 1em 1em 0 #00f', [[55, 35]]);
    expect(inside).toEqual([0, 0, 255]);
  });

  it('the colour may come first', async () => {
    const [ring] = await drawn('#f00 0 0 0 0.5em', [[7, 20]]);
    expect(ring).toEqual([255, 0, 0]);
  });
});
