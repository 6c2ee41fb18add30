// Pictor change svg-text-cells: a filter whose region is in objectBoundingBox units covers the text's glyph cells (each
// character's advance by the font's ascent and descent, no-break spaces too), as browsers take an SVG text's bounding
// box, not only its ink. ReceiptLine's inverted text ("  New Order  ": a black flood with the glyphs knocked out) was
// a box as wide as the letters; Chromium's is as wide as the text with its spaces. Chromium repro:
// packages/core/test/repros/svg-text-filter-cells.html (core's html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

const svg = hp(
  'svg',
  { width: 320, height: 60, viewBox: '0 0 320 60' },
  hp(
    'defs',
    {},
    hp(
      'filter',
      { id: 'inverted', x: '0', y: '0', width: '100%', height: '100%' },
      hp('feFlood', { floodColor: '#000' }),
      hp('feComposite', { in2: 'SourceGraphic', operator: 'out' }),
    ),
  ),
  hp('text', { x: 20, y: 40, fontSize: 22, filter: 'url(#inverted)' }, '\u00a0\u00a0New Order\u00a0\u00a0'),
);

describe('a filter region in objectBoundingBox units on SVG text', () => {
  it('covers the glyph cells of the text, its no-break spaces too', async () => {
    const rgba = await pixels(await render(svg, { width: 320, height: 60 }));
    // The opaque columns of a row through the box (above the letters' x-height: only the flood).
    const black: number[] = [];
    for (let x = 0; x < 320; x++) if ((rgba[(20 * 320 + x) * 4 + 3] as number) > 200) black.push(x);
    const [left, right] = [Math.min(...black), Math.max(...black)];
    // Four no-break spaces of Inter 22 px (5.7 px each) beyond the letters: the box starts at the text's x.
    expect(left).toBeLessThanOrEqual(21);
    expect(right - left).toBeGreaterThan(125);
  });
});
