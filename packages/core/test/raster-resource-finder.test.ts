/**
 * Which pictures of an SVG stand inside a pattern, mask, clip path, defs, symbol, marker or filter (prescaled-images.ts
 * `resourceFinder`): found in one scan of the SVG since it looked for each opening and closing text alone (14 scans of
 * an SVG that can hold megabytes of path data). The same answers as that reader, kept here as the reference, at every
 * index of SVGs built from those elements, look-alikes (`<markers`, `</mask >`, `<maskx`) and pictures.
 */
import { describe, expect, it } from 'vitest';
import { resourceFinder } from '../src/raster/prescaled-images.js';
import { seededRandom } from './helpers/seeded-random.js';

const RESOURCE_ELEMENTS = ['pattern', 'mask', 'clipPath', 'defs', 'symbol', 'marker', 'filter'];

// The reader it replaced, as it was (prescaled-images.ts before the ninth page-CPU pass).
function reference(svg: string): (index: number) => boolean {
  const positions = (text: string): number[] => {
    const found: number[] = [];
    for (let at = svg.indexOf(text); at !== -1; at = svg.indexOf(text, at + 1)) found.push(at);
    return found;
  };
  const tags = RESOURCE_ELEMENTS.map((name) => ({
    opens: positions(`<${name}`),
    closes: positions(`</${name}>`),
  }));
  const lastAtOrBefore = (list: number[], index: number) => {
    let last = -1;
    for (const at of list) if (at <= index) last = at;
    return last;
  };
  return (index) =>
    tags.some(({ opens, closes }) => lastAtOrBefore(opens, index) > lastAtOrBefore(closes, index));
}

const PIECES = [
  ...RESOURCE_ELEMENTS.flatMap((name) => [`<${name} id="x">`, `</${name}>`, `<${name}/>`]),
  '<image href="a.png" width="10" height="10"/>',
  '<path d="M0 0h10v10z"/>',
  '<g>',
  '</g>',
  '<markers>',
  '</mask >',
  '<maskx>',
  '</clippath>',
  '<<defs',
  'text',
];

describe('resource finder', () => {
  it('answers as a scan per text did, at every index', () => {
    const next = seededRandom(7);
    for (let n = 0; n < 300; n++) {
      let svg = '<svg width="10" height="10">';
      const length = 1 + Math.floor(next() * 30);
      for (let i = 0; i < length; i++) svg += PIECES[Math.floor(next() * PIECES.length)];
      svg += '</svg>';
      const [found, expected] = [resourceFinder(svg), reference(svg)];
      for (let index = 0; index < svg.length; index++)
        expect(found(index), `${svg} @${index}`).toBe(expected(index));
    }
  });

  it('finds a picture in a mask and not one after it', () => {
    const svg = '<svg><mask id="m"><image href="a.png"/></mask><image href="b.png"/></svg>';
    const inside = resourceFinder(svg);
    expect(inside(svg.indexOf('<image'))).toBe(true);
    expect(inside(svg.lastIndexOf('<image'))).toBe(false);
  });
});
