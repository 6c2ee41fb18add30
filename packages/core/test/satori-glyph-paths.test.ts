/**
 * The satori patch `glyph-path-numbers` (build/satori-patch.mjs) writes glyph outlines' coordinates from integers
 * instead of through JavaScript's number-to-string conversion. It must write exactly what satori wrote: each
 * coordinate rounded to 0.1, as `String()` prints such a number ("12", "12.3", "-0.5"; never "-0", "12.0" or "1e-7").
 */
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';

async function glyphPathData(html: string, width = 400, height = 200): Promise<string[]> {
  const { svg } = await layoutToSvg(parseHtml(html).root, { fonts: [...getBuiltinFonts()], width, height });
  return [...svg.matchAll(/<path fill="[^"]*" d="([^"]*)"/g)].map((m) => m[1] as string);
}

/** satori's own formatting of a coordinate: rounded to 0.1 away from zero at .05, then `String()`. */
const satoriNumber = (value: number): string =>
  `${(value < 0 ? -Math.round(-value * 10) : Math.round(value * 10)) / 10}`;

describe('glyph outlines in path data', () => {
  it('every coordinate is written as satori writes a number rounded to 0.1', async () => {
    const paths = await glyphPathData(
      `<div style="display:flex;flex-direction:column;font-size:17.3px;padding:3.37px 0 0 1.19px">
        <span>Quiet engines 0123456789 — ÆØÅ ßç</span>
        <span style="font-style:italic;font-weight:700;letter-spacing:0.31px">Slanted bold, synthetic or not</span>
        <span style="margin-left:-7.77px;font-size:9.4px">Partly outside the canvas on the left</span>
      </div>`,
    );
    expect(paths.length).toBeGreaterThan(0);
    let numbers = 0;
    for (const d of paths) {
      expect(d).toMatch(/^[MLQCZ0-9 .-]+$/);
      for (const token of d.match(/-?[\d.]+/g) ?? []) {
        numbers++;
        expect(token).toBe(satoriNumber(Number(token)));
        expect(token).not.toBe('-0');
      }
    }
    expect(numbers).toBeGreaterThan(1000);
    // Negative coordinates (the line pushed left of the canvas) are there and written with their sign.
    expect(paths.some((d) => /[MLQ]-\d/.test(d))).toBe(true);
  });
});
