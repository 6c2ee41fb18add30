// Pictor change absolute-units-in-shorthands: the `background` and `mask` shorthands and the text-decoration lengths
// take positions and sizes in mm, pt, cm, in, pc and Q as lengths (a print page's `background: url(seal.png)
// no-repeat 10mm 5mm / 30mm` was dropped whole as an invalid value).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** RGB at (x, 5) of a 60×10 white box with `background`. */
async function drawn(background: string, xs: number[]) {
  const svg = await render(
    h(
      'div',
      { display: 'flex', width: 60, height: 10, backgroundColor: '#fff' },
      h('div', { width: 60, height: 10, background }),
    ),
    { width: 60, height: 10 },
  );
  const px = await pixels(svg);
  return xs.map((x) => Array.from(px.subarray((5 * 60 + x) * 4, (5 * 60 + x) * 4 + 3)));
}

describe('absolute units in the background shorthand', () => {
  it('a position and a size in mm: a 2mm (7.56 px) stripe 5mm (18.9 px) in', async () => {
    expect(await drawn('linear-gradient(#00f, #00f) no-repeat 5mm 0 / 2mm 100%', [17, 20, 25, 28])).toEqual([
      [255, 255, 255],
      [0, 0, 255],
      [0, 0, 255],
      [255, 255, 255],
    ]);
  });

  it('in pt with a colour layer', async () => {
    expect(await drawn('#f00 linear-gradient(#00f, #00f) no-repeat 0 0 / 9pt 100%', [5, 20])).toEqual([
      [0, 0, 255],
      [255, 0, 0],
    ]);
  });
});
