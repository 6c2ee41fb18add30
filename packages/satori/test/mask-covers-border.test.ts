// Pictor mask-covers-border: a CSS mask covers the whole painting of its element — background, border (and border
// image), content and outline — since the mask's clip is the border box by default. satori masked the background
// fills and the content only: the border of a box masked to its left half was drawn whole, a border outside a
// `mask-clip: padding-box` mask stayed, and so did an outline. Repro: packages/core/test/repros/mask-covers-border.html.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

const WIDTH = 200;

/** A 100 × 60 box with a 10 px orange border at (20, 20), blue inside, with `extra` styles. */
function page(extra: Record<string, unknown>) {
  return h(
    'div',
    { display: 'flex', width: WIDTH, height: 100, background: '#fff' },
    h('div', {
      display: 'flex',
      boxSizing: 'border-box',
      width: 100,
      height: 60,
      marginLeft: 20,
      marginTop: 20,
      background: '#36c',
      border: '10px solid #c63',
      ...extra,
    }),
  );
}

/** The RGBA of a pixel of a WIDTH-wide render. */
const at = (data: Buffer, x: number, y: number) => [
  ...data.subarray((y * WIDTH + x) * 4, (y * WIDTH + x) * 4 + 4),
];
const WHITE = [255, 255, 255, 255];
const ORANGE = [0xcc, 0x66, 0x33, 255];

describe('a mask over a bordered box', () => {
  it('masks the border with the background', async () => {
    const data = await pixels(
      await render(page({ maskImage: 'linear-gradient(to right, black 50%, transparent 50%)' }), {
        width: WIDTH,
        height: 100,
      }),
    );
    expect(at(data, 25, 50)).toEqual(ORANGE); // the left border: in the shown half
    expect(at(data, 50, 25)).toEqual(ORANGE); // the top border, left half
    expect(at(data, 100, 25)).toEqual(WHITE); // the top border, right half: masked out
    expect(at(data, 115, 50)).toEqual(WHITE); // the right border: masked out
  });

  it('hides a border outside a padding-box mask clip, and the outline', async () => {
    const data = await pixels(
      await render(
        page({
          maskImage: 'linear-gradient(black, black)',
          maskClip: 'padding-box',
          outline: '6px solid #0a0',
        }),
        { width: WIDTH, height: 100 },
      ),
    );
    expect(at(data, 60, 50)).toEqual([0x33, 0x66, 0xcc, 255]); // the padding box: shown
    expect(at(data, 25, 50)).toEqual(WHITE); // the border: outside the mask's clip
    expect(at(data, 16, 50)).toEqual(WHITE); // the outline: outside the border box
  });

  it('the mask shorthand with a size and a position', async () => {
    const data = await pixels(
      await render(page({ mask: 'linear-gradient(#000, #000) 0 0 / 50px 60px no-repeat' }), {
        width: WIDTH,
        height: 100,
      }),
    );
    expect(at(data, 25, 50)).toEqual(ORANGE);
    expect(at(data, 115, 50)).toEqual(WHITE);
  });
});
