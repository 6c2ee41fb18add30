// Pictor tuning glyph-path-cache (speed only): each glyph outline is written once per size, slant and sub-pixel
// offset, as relative commands, and reused; the pixels are those of satori's absolute paths. Also covered by
// packages/core/test/satori-glyph-paths.test.ts.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

const text = 'Pack my box with five dozen liquor jugs. Pack my box with five dozen liquor jugs.';
const cases: [string, Record<string, unknown>][] = [
  ['upright', { fontSize: 15.3 }],
  ['bold', { fontSize: 17, fontWeight: 700 }],
  ['slanted', { fontSize: 16, fontStyle: 'italic' }],
  ['large', { fontSize: 64 }],
  ['off-canvas', { fontSize: 24, marginLeft: -7, marginTop: -9 }],
];

describe('glyph-path-cache', () => {
  for (const [name, style] of cases) {
    it(`${name}: the same pixels on and off, shorter path data on`, async () => {
      const element = h('div', { display: 'flex', width: 400, flexWrap: 'wrap', ...style }, text);
      const on = await render(element, { width: 400, height: 300 });
      const off = await render(element, {
        width: 400,
        height: 300,
        pictorTunings: { glyphPathCache: false },
      });
      expect(Buffer.compare(await pixels(on), await pixels(off))).toBe(0);
      if (name !== 'off-canvas') expect(on.length).toBeLessThan(off.length);
    });
  }
});
