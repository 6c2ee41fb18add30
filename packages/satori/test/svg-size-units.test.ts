// Pictor change svg-size-units: an SVG image's `width` and `height` in an absolute CSS unit other than px
// (`388.84pt`, as Inkscape writes them) were not read; without a viewBox satori threw `Failed to parse SVG from
// data:…: missing "viewBox"` and the whole render failed (the Jupyter notebook's Python logo, nbconvert's lab
// template). Chromium sizes the image from them (1pt = 4/3 px), and gives an image with neither a size nor a
// viewBox CSS's default object size, 300×150, and lays such a picture (or one with one absolute size and a viewBox)
// out at the natural size it gets: resvg is given that size (`svgWithNaturalSize`).
// Chromium repro: packages/core/test/repros/svg-size-units.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels, render } from './render.js';

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

  it('em, rem and ex: of the image’s own 16 px font, not the page’s (icon sets’ width="1em")', async () => {
    expect(await imgBox(svg('width="2em" height="1em" viewBox="0 0 20 10"'))).toEqual([32, 16]);
    expect(await imgBox(svg('width="3rem" height="2ex"'))).toEqual([48, 16]);
  });

  it('neither a size nor a viewBox: the default object size, 300×150', async () => {
    expect(await imgBox(svg('width="100%" height="100%"'))).toEqual([300, 150]);
    expect(await imgBox(svg(''))).toEqual([300, 150]);
  });
});

/** The RGBA of pixel x, y of an <img> of `src` drawn at 0,0 of a 400×200 white page. */
async function drawn(src: string) {
  const svg = await render(
    h(
      'div',
      { display: 'flex', alignItems: 'flex-start', width: 400, height: 200, backgroundColor: 'white' },
      hp('img', { src, style: { width: 'auto' } }),
    ),
    { width: 400, height: 200 },
  );
  const rgba = await pixels(svg);
  return (x: number, y: number) => [...rgba.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 3)];
}

const picture = (attributes: string, body: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`).toString('base64')}`;

describe('an SVG image without an absolute size of its own is drawn at the natural size it was given', () => {
  it('width="100%": its shapes at their own size in a 300×150 viewport, not stretched to it', async () => {
    const at = await drawn(
      picture('width="100%" height="100%"', '<rect width="80" height="40" fill="#f00"/>'),
    );
    expect(at(40, 20)).toEqual([255, 0, 0]);
    // Stretched to 300×150 (resvg's 100×100 viewport for 100%), the rectangle would cover these too.
    expect(at(120, 20)).toEqual([255, 255, 255]);
    expect(at(40, 100)).toEqual([255, 255, 255]);
  });

  it('one size in pt and a viewBox: the viewBox fills the 80×40 box', async () => {
    const at = await drawn(
      picture(
        'width="60pt" viewBox="0 0 20 10"',
        '<rect width="20" height="10" fill="#00f"/><rect width="10" height="5" fill="#f00"/>',
      ),
    );
    expect(at(20, 10)).toEqual([255, 0, 0]);
    expect(at(60, 10)).toEqual([0, 0, 255]);
    expect(at(60, 30)).toEqual([0, 0, 255]);
    expect(at(90, 10)).toEqual([255, 255, 255]);
  });
});
