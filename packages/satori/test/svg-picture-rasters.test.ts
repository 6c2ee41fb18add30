// Pictor change svg-picture-rasters (src/handler/image.ts, src/builder/rect.ts, src/pictor-inline-svg-pictures.ts):
// an <img> of an SVG picture that embeds a raster picture (webslides' keynote logo: an SVG whose only content is
// <image href="data:image/png…">) is drawn with it. resvg draws no raster picture inside an SVG that is itself a
// picture; core writes such a picture as canonical utf8 text (packages/core/src/images/svg-nestable.ts), which satori
// nests in the page's SVG. Chromium repro: packages/core/test/repros/svg-picture-rasters.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

/** A 40×20 PNG of #00aa00. */
const GREEN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAL0lEQVRIie3VwQkAMBACwem/FKtMGQdhwb8g6jI3krGiXuXSnHQg6zIFCWHR91h8mRUTX9qUNuYAAAAASUVORK5CYII=';

const picture = (attributes: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><image href="${GREEN}" x="0" y="0" width="40" height="20"></image></svg>`,
  )}`;

async function pixel(src: string, style: Record<string, unknown>, x: number, y: number) {
  const svg = await render(hp('img', { src, style }), { width: 100, height: 40 });
  const px = await pixels(svg);
  const i = (y * 100 + x) * 4;
  return Array.from(px.subarray(i, i + 4));
}

describe('an <img> of an SVG with a raster picture inside', () => {
  it('draws the picture at its place', async () => {
    const src = picture('width="80" height="40" viewBox="0 0 80 40"');
    expect(await pixel(src, {}, 10, 10)).toEqual([0, 170, 0, 255]);
    expect(await pixel(src, {}, 60, 10)).toEqual([0, 0, 0, 0]);
  });

  it('scaled to the box, the SVG keeping its own aspect ratio', async () => {
    // 40×20 → 100×40 box: meet scales by 2 (80×40), centred: x 10…90, the picture 10…90 × 0…40.
    const src = picture('width="40" height="20" viewBox="0 0 40 20"');
    expect(await pixel(src, { width: 100, height: 40 }, 12, 30)).toEqual([0, 170, 0, 255]);
    expect(await pixel(src, { width: 100, height: 40 }, 5, 30)).toEqual([0, 0, 0, 0]);
  });
});
