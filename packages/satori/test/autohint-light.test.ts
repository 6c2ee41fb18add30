// Pictor change autohint-light: glyph outlines of web faces (fractional advances) fitted to the pixel grid on the
// vertical axis, as FreeType's light auto-hinter draws faces from `@font-face` in Chromium. Chromium's rows
// (benchmarks/fidelity/web-font-hinting.mjs; FreeType 2.13.3 LIGHT gives the same): Inter's `H` is 9 rows tall at
// 13px, 14 at 20px, 20 at 26px and 28 at 37px; unhinted (a local face) 10, 15, 19 and 27. Chromium repro:
// packages/core/test/repros/web-font-hinting.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** The rows of ink (alpha over 8) of `text` at `fontSize`, top and bottom. */
async function inkRows(text: string, fontSize: number, wholePixelAdvances: boolean) {
  const width = 80;
  const svg = await render(
    h('div', { display: 'flex', fontSize, lineHeight: '60px', color: 'black', paddingLeft: 4 }, text),
    { width, height: 60, wholePixelAdvances },
  );
  const rgba = await pixels(svg);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < 60; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] > 8) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  return { top, bottom, rows: bottom - top + 1 };
}

describe('autohint-light', () => {
  it("web face: Inter's H cap height on whole pixel rows as Chromium draws it (9, 14, 20, 28 rows)", async () => {
    const rows = [];
    for (const size of [13, 20, 26, 37]) rows.push((await inkRows('H', size, false)).rows);
    expect(rows).toEqual([9, 14, 20, 28]);
  });

  it('local face (whole-pixel advances): outlines as drawn (10, 15, 19, 27 rows)', async () => {
    const rows = [];
    for (const size of [13, 20, 26, 37]) rows.push((await inkRows('H', size, true)).rows);
    expect(rows).toEqual([10, 15, 19, 27]);
  });

  it('hintScale: at 2 device pixels per CSS pixel, a 13px H is hinted as a 26px one (20 rows drawn at 2×)', async () => {
    const { Resvg } = await import('@resvg/resvg-js');
    const rowsAt2x = async (hintScale: number) => {
      const svg = await render(
        h('div', { display: 'flex', fontSize: 13, lineHeight: '30px', color: 'black', paddingLeft: 4 }, 'H'),
        { width: 40, height: 30, wholePixelAdvances: false, hintScale },
      );
      const image = new Resvg(svg, { fitTo: { mode: 'zoom', value: 2 } }).render();
      const rows = new Set<number>();
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++)
          if (image.pixels[(y * image.width + x) * 4 + 3] > 8) rows.add(y);
      return rows.size;
    };
    // FreeType LIGHT at 26px: 20 rows; unhinted 26px: 19; hinted for 13px then doubled: 18.
    expect(await rowsAt2x(2)).toBe(20);
    expect(await rowsAt2x(0)).toBe(19);
    expect(await rowsAt2x(1)).toBe(18);
  });

  it('the baseline stays on the same row, hinted or not', async () => {
    for (const size of [13, 26]) {
      expect((await inkRows('H', size, false)).bottom).toBe((await inkRows('H', size, true)).bottom);
    }
  });
});
