// Pictor change inline-svg-pictures: an inline <svg> that embeds a raster picture (<image href="data:image/png…">,
// a receipt's logo) is drawn with it (resvg draws no raster picture inside an SVG that is itself a picture).
// Chromium repro: packages/core/test/repros/svg-receipt-logo.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

/** A 40×20 PNG of #00aa00. */
const GREEN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAL0lEQVRIie3VwQkAMBACwem/FKtMGQdhwb8g6jI3krGiXuXSnHQg6zIFCWHR91h8mRUTX9qUNuYAAAAASUVORK5CYII=';

async function pixel(svgProps: Record<string, unknown>, x: number, y: number) {
  const svg = await render(
    hp(
      'svg',
      { width: 100, height: 40, ...svgProps },
      hp('image', { href: GREEN, x: 0, y: 0, width: 40, height: 20 }),
    ),
    { width: 100, height: 40 },
  );
  const px = await pixels(svg);
  const i = (y * 100 + x) * 4;
  return Array.from(px.subarray(i, i + 4));
}

describe('raster pictures in an inline <svg>', () => {
  it('are drawn where the SVG puts them', async () => {
    expect(await pixel({ viewBox: '0 0 100 40' }, 10, 10)).toEqual([0, 170, 0, 255]);
    expect(await pixel({ viewBox: '0 0 100 40' }, 60, 10)).toEqual([0, 0, 0, 0]);
  });

  it('scaled with the viewBox (an SVG without one uses its own width and height)', async () => {
    expect(await pixel({ viewBox: '0 0 50 20' }, 70, 30)).toEqual([0, 170, 0, 255]);
    expect(await pixel({}, 30, 15)).toEqual([0, 170, 0, 255]);
  });
});
