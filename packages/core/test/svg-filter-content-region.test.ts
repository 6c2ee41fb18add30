/**
 * Tuning filterContentRegion (svg/filter-content-region.ts): satori's drop-shadow and blur filters on a group get the
 * box of what the group draws (grown by twice their reach) instead of the whole image as their region. resvg draws
 * the same pixels, byte for byte; what the rewrite cannot bound, or a filter that could draw where its input is
 * transparent, keeps its region.
 */
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';
import { rasterize } from '../src/raster/resvg.js';
import { boundFilterRegions, filterRegionsBounded } from '../src/svg/filter-content-region.js';

async function svgOf(html: string, width: number, height: number): Promise<string> {
  return (await layoutToSvg(parseHtml(html).root, { fonts: [...getBuiltinFonts()], width, height })).svg;
}

const regions = (svg: string) =>
  [
    ...svg.matchAll(/<filter id="satori_f-[^"]*" x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)"/g),
  ].map((m) => m.slice(1).map(Number));

describe('filter regions bounded to their content (tuning filterContentRegion)', () => {
  it('drop shadows and a blur over a narrow column: smaller regions, the same pixels', async () => {
    const svg = await svgOf(
      `<div style="display:flex;flex-direction:column;width:100%;height:100%;background:#fff">
        <div style="display:flex;flex-direction:column;padding:40px 220px;font-size:22px;color:#222;filter:drop-shadow(0 4px 3px rgba(0,0,0,.4)) drop-shadow(0 2px 2px rgba(0,0,0,.3))">
          <b>A résumé</b><span>with a shadowed column of text</span><span style="border-bottom:3px solid #36c">and a rule</span>
        </div>
        <div style="display:flex;padding:20px 300px;filter:blur(3px)"><div style="width:120px;height:60px;background:#c33;border-radius:12px"></div></div>
      </div>`,
      800,
      400,
    );
    const before = filterRegionsBounded();
    const bounded = boundFilterRegions(svg);
    expect(filterRegionsBounded() - before).toBe(2);
    const [wide, blur] = regions(bounded);
    const [wideBefore, blurBefore] = regions(svg);
    expect((wide as number[])[2]).toBeLessThan((wideBefore as number[])[2]! * 0.75);
    expect((blur as number[])[2]).toBeLessThan((blurBefore as number[])[2]! * 0.5);
    const a = rasterize(svg);
    const b = rasterize(bounded);
    expect(b.pixels.equals(a.pixels)).toBe(true);
  });

  it('keeps the region of content it cannot bound and of a flood that fills the region', () => {
    const head = '<svg width="100" height="100" viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg">';
    const filter = (primitives: string) =>
      `<filter id="satori_f-id-1" x="-9" y="-9" width="118" height="118" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">${primitives}</filter><g filter="url(#satori_f-id-1)">`;
    const shadow =
      '<feFlood flood-color="#0003" result="f"/><feComposite in="f" in2="SourceGraphic" operator="in" result="s"/><feGaussianBlur in="s" stdDeviation="3" result="b"/><feMerge result="m"><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge>';
    const square = '<rect x="40" y="40" width="10" height="10" fill="#000"/>';
    expect(regions(boundFilterRegions(`${head}${filter(shadow)}${square}</g></svg>`))[0]).toEqual([
      19, 19, 52, 52,
    ]);
    // Text (not bounded here), a nested filter, a flood merged as it is (it fills the region): unchanged.
    for (const svg of [
      `${head}${filter(shadow)}<text x="40" y="40">a</text></g></svg>`,
      `${head}${filter(shadow)}<g filter="url(#x)">${square}</g></g></svg>`,
      `${head}${filter('<feFlood flood-color="#0003" result="f"/><feMerge><feMergeNode in="f"/><feMergeNode in="SourceGraphic"/></feMerge>')}${square}</g></svg>`,
    ])
      expect(boundFilterRegions(svg)).toBe(svg);
  });
});
