// Pictor mask-transformed: CSS transforms an element's mask with its box. satori referenced the mask outside the
// transform (so that SVG would not transform it a second time) and so the mask stayed where the untransformed box
// was: a translated box masked to its left half came out empty, and jsonresume-theme-hexagon's `transform:
// scale(0.95)` hexagon was cut flat at the top and bottom. Repro: packages/core/test/repros/mask-transformed.html.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** A 100 × 40 box moved 100 px right (and its child), masked to its left half. */
function page(transform: string) {
  return h(
    'div',
    { display: 'flex', width: 240, height: 60, background: '#fff' },
    h(
      'div',
      {
        display: 'flex',
        width: 100,
        height: 40,
        marginTop: 10,
        background: '#36c',
        transform,
        maskImage: 'linear-gradient(to right, black 50%, transparent 50%)',
      },
      h('div', { width: 100, height: 10, background: '#c63' }),
    ),
  );
}

/** The RGBA of a pixel of a 240-wide render. */
const at = (data: Buffer, x: number, y: number) => [
  ...data.subarray((y * 240 + x) * 4, (y * 240 + x) * 4 + 4),
];

describe('a transformed element with a mask', () => {
  it('is masked where the transform puts it, its content too', async () => {
    const data = await pixels(await render(page('translateX(100px)'), { width: 240, height: 60 }));
    expect(at(data, 125, 35)).toEqual([0x33, 0x66, 0xcc, 255]); // the left half, moved: shown
    expect(at(data, 125, 12)).toEqual([0xcc, 0x66, 0x33, 255]); // the child, in it
    expect(at(data, 175, 35)).toEqual([255, 255, 255, 255]); // the right half: masked out
    expect(at(data, 25, 35)).toEqual([255, 255, 255, 255]); // where the box was: nothing
  });

  it('scaled about its centre: the mask scales with it', async () => {
    const data = await pixels(await render(page('scale(0.5)'), { width: 240, height: 60 }));
    // The box is drawn 25–75 px across; its left half is 25–50.
    expect(at(data, 40, 30)).toEqual([0x33, 0x66, 0xcc, 255]);
    expect(at(data, 60, 30)).toEqual([255, 255, 255, 255]);
  });
});
