// Pictor change svg-size-units: an SVG image's `width` and `height` in an absolute CSS unit other than px
// (`388.84pt`, as Inkscape writes them) were not read; without a viewBox satori threw `Failed to parse SVG from
// data:…: missing "viewBox"` and the whole render failed (the Jupyter notebook's Python logo, nbconvert's lab
// template). Chromium sizes the image from them (1pt = 4/3 px), and gives an image with neither a size nor a
// viewBox CSS's default object size, 300×150.
// Chromium repro: packages/core/test/repros/svg-size-units.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const svg = (attributes: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<?xml version="1.0"?>\n<svg\n   xmlns="http://www.w3.org/2000/svg"\n   ${attributes}><rect width="10" height="10"/></svg>`,
  ).toString('base64')}`;

async function imgBox(src: string) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start', width: 700, height: 400 },
    hp('img', { src, style: { width: 'auto' } }),
  );
  const { boxes: found } = await boxes(root, { width: 700, height: 400 });
  const img = found.find((b) => b.type === 'img')!;
  // Whole px: satori lays a picture out at whole pixels of its natural size.
  return [img.width, img.height].map(Math.round);
}

describe('an SVG image sized in absolute units', () => {
  it('pt without a viewBox: the size in px (Inkscape; 518.45 × 153.36)', async () => {
    expect(await imgBox(svg('width="388.84pt" height="115.02pt"'))).toEqual([518, 153]);
  });

  it('in, cm, mm, pc', async () => {
    expect(await imgBox(svg('width="1in" height="2.54cm"'))).toEqual([96, 96]);
    expect(await imgBox(svg('width="25.4mm" height="6pc"'))).toEqual([96, 96]);
  });

  it('pt with a viewBox: the size wins, as with px', async () => {
    expect(await imgBox(svg('width="30pt" height="15pt" viewBox="0 0 10 10"'))).toEqual([40, 20]);
  });

  it('one size in pt and a viewBox: the other from the ratio', async () => {
    expect(await imgBox(svg('width="30pt" viewBox="0 0 20 10"'))).toEqual([40, 20]);
  });

  it('neither a size nor a viewBox: the default object size, 300×150', async () => {
    expect(await imgBox(svg('width="100%" height="100%"'))).toEqual([300, 150]);
    expect(await imgBox(svg(''))).toEqual([300, 150]);
  });
});
