/**
 * Two satori changes (packages/satori, speed only) write glyph outlines: `glyph-path-numbers` writes coordinates from
 * integers instead of through JavaScript's number-to-string conversion, and `glyph-path-cache` writes each glyph's
 * outline once per size and sub-pixel offset, as relative commands after an absolute first point. Together they
 * must draw what satori drew: every number written as satori writes a number rounded to 0.1 ("12", "12.3", "-0.5";
 * never "-0", "12.0" or "1e-7"), and every point, made absolute again, where satori without the cache puts it.
 */
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';

const TEXT = `<div style="display:flex;flex-direction:column;font-size:17.3px;padding:3.37px 0 0 1.19px">
  <span>Quiet engines 0123456789 — ÆØÅ ßç quiet engines again</span>
  <span style="font-style:italic;font-weight:700;letter-spacing:0.31px">Slanted bold, synthetic or not</span>
  <span style="font-size:64px;font-weight:700;letter-spacing:-1px">Big title, big title</span>
  <span style="font-size:30px;margin-top:0.45px">Subtitle · 2026 · pictor.dev</span>
  <span style="margin-left:-7.77px;font-size:9.4px">Partly outside the canvas on the left</span>
</div>`;

function glyphPathData(svg: string): string[] {
  return [...svg.matchAll(/<path fill="[^"]*" d="([^"]*)"/g)].map((m) => m[1] as string);
}

/** satori's own formatting of a coordinate: rounded to 0.1 away from zero at .05, then `String()`. */
const satoriNumber = (value: number): string =>
  `${(value < 0 ? -Math.round(-value * 10) : Math.round(value * 10)) / 10}`;

/**
 * The points of path data in absolute tenths of a pixel, relative commands (m, l, q, c) added up; a line to the point
 * it starts from is left out.
 */
function absolutePoints(d: string): number[] {
  const tokens = d.match(/[MLQCZmlqcz]|-?[\d.]+/g) ?? [];
  const points: number[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const pairs: Record<string, number> = { m: 1, l: 1, q: 2, c: 3 };
  for (let i = 0; i < tokens.length; ) {
    const command = tokens[i++] as string;
    const lower = command.toLowerCase();
    if (lower === 'z') {
      x = startX;
      y = startY;
      continue;
    }
    const relative = command === lower;
    let endX = x;
    let endY = y;
    const coordinates: number[] = [];
    for (let p = 0; p < (pairs[lower] ?? 0); p++) {
      coordinates.push(
        Math.round(Number(tokens[i++]) * 10) + (relative ? x : 0),
        Math.round(Number(tokens[i++]) * 10) + (relative ? y : 0),
      );
      endX = coordinates[coordinates.length - 2] as number;
      endY = coordinates[coordinates.length - 1] as number;
    }
    // A line to where it starts draws nothing: the cache leaves it out.
    if (!(lower === 'l' && endX === x && endY === y)) points.push(...coordinates);
    x = endX;
    y = endY;
    if (lower === 'm') {
      startX = x;
      startY = y;
    }
  }
  return points;
}

describe('glyph outlines in path data', () => {
  it('every number is written as satori writes a number rounded to 0.1', async () => {
    const { svg } = await layoutToSvg(parseHtml(TEXT).root, {
      fonts: [...getBuiltinFonts()],
      width: 900,
      height: 260,
    });
    const paths = glyphPathData(svg);
    expect(paths.length).toBeGreaterThan(0);
    let numbers = 0;
    for (const d of paths) {
      expect(d).toMatch(/^[MLQCZmlqc0-9 .-]+$/);
      for (const token of d.match(/-?[\d.]+/g) ?? []) {
        numbers++;
        expect(token).toBe(satoriNumber(Number(token)));
        expect(token).not.toBe('-0');
      }
    }
    expect(numbers).toBeGreaterThan(1000);
    // Negative coordinates (the line pushed left of the canvas) are there and written with their sign.
    expect(paths.some((d) => /M-\d/.test(d))).toBe(true);
    // Repeated letters are written relative to their first point: the cache is in use.
    expect(paths.some((d) => /[lqc]/.test(d))).toBe(true);
  });

  it('every point is where satori without the cache puts it', async () => {
    const fonts = [...getBuiltinFonts()];
    const { svg: cached } = await layoutToSvg(parseHtml(TEXT).root, { fonts, width: 900, height: 260 });
    // The cache switched off (its switch, pictorTunings.glyphPathCache).
    const { svg: uncached } = await layoutToSvg(parseHtml(TEXT).root, {
      fonts,
      width: 900,
      height: 260,
      pictorTunings: { glyphPathCache: false },
    });
    const withCache = glyphPathData(cached);
    const without = glyphPathData(uncached);
    expect(withCache.length).toBe(without.length);
    // Without the cache every command is absolute; with it, each glyph starts with one.
    expect(without.every((d) => !/[mlqc]/.test(d))).toBe(true);
    let compared = 0;
    let differing = 0;
    withCache.forEach((d, i) => {
      const a = absolutePoints(d);
      const b = absolutePoints(without[i] as string);
      expect(a.length).toBe(b.length);
      for (let k = 0; k < a.length; k++) {
        compared++;
        const off = Math.abs((a[k] as number) - (b[k] as number));
        // A point may fall on the other side of a .05 tie through floating-point rounding: 0.1 px at most.
        expect(off).toBeLessThanOrEqual(1);
        if (off > 0) differing++;
      }
    });
    expect(compared).toBeGreaterThan(2000);
    expect(differing / compared).toBeLessThan(0.001);
    // The relative form is shorter, and lines that go nowhere are gone.
    expect(withCache.join('').length).toBeLessThan(0.75 * without.join('').length);
    expect(withCache.join('')).not.toMatch(/l0 0(?![.\d])/);
    expect(without.join('')).toMatch(/L([\d.]+) ([\d.]+)L\1 \2(?![.\d])/);
  });
});
