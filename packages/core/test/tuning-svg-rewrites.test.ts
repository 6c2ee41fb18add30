/**
 * The SVG rewrites before resvg: gradient patterns inlined, image masks dropped and border strokes trimmed only where
 * the pixels stay the same.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { rasterize } from '../src/raster/resvg.js';
import {
  dropRedundantImageMasks,
  inlineGradientPatterns,
  pathExtent,
  trimBorderStrokes,
} from '../src/tuning/svg-rewrites.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';

async function svgOf(html: string, width: number, height: number): Promise<string> {
  return (await layoutToSvg(parseHtml(html).root, { fonts: [...getBuiltinFonts()], width, height })).svg;
}

/** Largest difference of any channel of any pixel. */
function maxDifference(a: Buffer, b: Buffer): number {
  let max = a.length === b.length ? 0 : 255;
  for (let i = 0; i < a.length && max < 255; i++) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return max;
}

const box = (style: string) => `<div style="display:flex;width:170px;height:120px;${style}"></div>`;

describe('inlineGradientPatterns', () => {
  it('fills a linear-gradient box with the gradient directly: same pixels (±1 on rounded edges)', async () => {
    const svg = await svgOf(
      `<div style="display:flex;width:400px;height:160px;padding:20px;gap:20px;background-image:linear-gradient(135deg,#1e3a8a,#db2777)">
        ${box('border-radius:24px;background-image:linear-gradient(45deg,#06b6d4 0%,#3b82f6 50%,#a855f7 100%)')}</div>`,
      440,
      200,
    );
    expect(svg.match(/<pattern /g)).toHaveLength(2);
    const optimized = inlineGradientPatterns(svg);
    expect(optimized).not.toContain('<pattern ');
    expect(maxDifference(rasterize(optimized).pixels, rasterize(svg).pixels)).toBeLessThanOrEqual(1);
    const square = await svgOf(box('background-image:linear-gradient(135deg,#1e3a8a,#db2777)'), 170, 120);
    expect(inlineGradientPatterns(square)).not.toContain('<pattern ');
    expect(rasterize(inlineGradientPatterns(square)).pixels.equals(rasterize(square).pixels)).toBe(true);
  });

  it('leaves tiled backgrounds, radial gradients (user-space units) and stacked layers as satori drew them', async () => {
    for (const style of [
      'background-image:linear-gradient(45deg,red,blue);background-size:50px 50px',
      'background-image:radial-gradient(circle,#fde68a,#be123c)',
    ]) {
      const svg = await svgOf(box(style), 170, 120);
      expect(inlineGradientPatterns(svg)).toBe(svg);
    }
    const layered = await svgOf(
      box('background-image:linear-gradient(red,blue),linear-gradient(green,white)'),
      170,
      120,
    );
    const optimized = inlineGradientPatterns(layered);
    expect(maxDifference(rasterize(optimized).pixels, rasterize(layered).pixels)).toBe(0);
  });
});

describe('dropRedundantImageMasks', () => {
  async function photoUri(): Promise<string> {
    const width = 64;
    const height = 48;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + (i >> 5) * 11) % 251;
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }

  it('drops the overflow mask of rounded, object-fit images: same pixels at scale 1 and 2', async () => {
    const uri = await photoUri();
    const img = (style: string) =>
      `<img src="${uri}" width="90" height="70" style="width:90px;height:70px;${style}" />`;
    const svg = await svgOf(
      `<div style="display:flex;gap:10px;padding:10px;width:320px;height:100px;background-color:#0f172a">
        ${img('object-fit:cover;border-radius:12px')}${img('object-fit:contain;border-radius:30px')}${img('border-radius:45px;border:4px solid #fff')}</div>`,
      320,
      100,
    );
    const optimized = dropRedundantImageMasks(svg);
    // The two images without a border lose their mask; the bordered one keeps it (its mask also cuts the border).
    expect((svg.match(/<image [^>]* mask="/g) ?? []).length).toBe(3);
    expect((optimized.match(/<image [^>]* mask="/g) ?? []).length).toBe(1);
    expect(rasterize(optimized).pixels.equals(rasterize(svg).pixels)).toBe(true);
    expect(rasterize(dropRedundantImageMasks(svg, 2), 2).pixels.equals(rasterize(svg, 2).pixels)).toBe(true);
    // A fractional scale moves the rect off whole pixels: left as it is.
    expect(dropRedundantImageMasks(svg, 1.5)).toBe(svg);
  });

  it('keeps a mask whose rect does not hold the clip path, and clip paths it cannot measure', () => {
    const image = (clip: string) =>
      '<svg width="100" height="100" viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg">' +
      `<clipPath id="c"><path x="0" y="0" width="100" height="100" d="${clip}"/></clipPath>` +
      '<mask id="m"><rect x="10" y="10" width="50" height="50" fill="#fff"/></mask>' +
      '<image x="0" y="0" width="100" height="100" href="data:image/png;base64,AA==" preserveAspectRatio="none" clip-path="url(#c)" mask="url(#m)"/></svg>';
    expect(dropRedundantImageMasks(image('M10,10 h50 v50 h-50 Z'))).not.toContain('mask="url(#m)"');
    expect(dropRedundantImageMasks(image('M10,10 h51 v50 h-51 Z'))).toContain('mask="url(#m)"');
    expect(dropRedundantImageMasks(image('M10,10 C 20 20 30 30 40 40 Z'))).toContain('mask="url(#m)"');
  });

  it('reads the extent of moves, lines and quarter arcs only', () => {
    expect(
      pathExtent(
        'M24,8 h500 a16,16 0 0 1 16,16 v388 a16,16 0 0 1 -16,16 h-500 a16,16 0 0 1 -16,-16 v-388 a16,16 0 0 1 16,-16',
      ),
    ).toEqual([8, 8, 540, 428]);
    expect(pathExtent('M0 0 L10 5 V20 H-3 Z')).toEqual([-3, 0, 10, 20]);
    expect(pathExtent('M0,0 a10,10 0 0 1 5,5')).toBeUndefined();
    expect(pathExtent('M0 0 Q 5 5 10 0')).toBeUndefined();
    expect(pathExtent('M0 0 L 1')).toBeUndefined();
  });
});

describe('trimBorderStrokes', () => {
  // CSS triangles: one side coloured, the others transparent, borders far wider than the image is tall.
  const triangles =
    '<div style="display:flex;gap:10px;width:100%;height:100%;background:#fafafa">' +
    '<div style="width:0;height:0;border-left:500px solid transparent;border-right:500px solid transparent;border-bottom:400.5px solid #1fc2de"></div>' +
    '<div style="width:0;height:0;border-top:333px solid rgba(48,62,72,.7);border-right:250px solid transparent"></div></div>';

  it('trims the coloured sides to their box and drops the transparent ones: the same pixels at scale 1 and 2', async () => {
    const svg = await svgOf(triangles, 300, 200);
    const trimmed = trimBorderStrokes(svg);
    expect(svg).toContain('stroke="transparent"');
    expect(trimmed).not.toContain('stroke="transparent"');
    const widths = (text: string) => [...text.matchAll(/stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...widths(svg))).toBe(1000);
    // The first triangle's bottom side, across its box (400 px high as laid out) and the margins.
    expect(Math.max(...widths(trimmed))).toBe(404);
    for (const scale of [1, 2])
      expect(rasterize(trimmed, scale).pixels.equals(rasterize(svg, scale).pixels)).toBe(true);
  });

  it('leaves strokes in a masked or filtered group, and strokes narrower than their box, as satori drew them', async () => {
    const svg = await svgOf(triangles, 300, 200);
    const masked = svg
      .replace('<svg ', '<svg ')
      .replace(/(<svg[^>]*>)/, '$1<g mask="url(#none)">')
      .replace('</svg>', '</g></svg>');
    expect(trimBorderStrokes(masked)).toBe(masked);
    const filtered = svg.replace(/(<svg[^>]*>)/, '$1<g filter="url(#none)">').replace('</svg>', '</g></svg>');
    expect(trimBorderStrokes(filtered)).toBe(filtered);
    // Sides of 2 px on a 170 × 120 box: their strokes are within the box already.
    const framed = await svgOf(box('border:2px solid #123;border-left-color:#f00'), 170, 120);
    expect(framed).toContain('stroke-width="4"');
    expect(trimBorderStrokes(framed)).toBe(framed);
  });
});
