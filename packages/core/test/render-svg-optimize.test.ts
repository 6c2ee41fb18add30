/** The SVG rewrite before resvg: gradient patterns inlined only where the pixels stay the same. */
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { rasterize } from '../src/raster/resvg.js';
import { inlineGradientPatterns } from '../src/svg/optimize.js';
import { layoutToSvg } from '../src/svg/satori.js';

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
