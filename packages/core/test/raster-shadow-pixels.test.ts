/**
 * A box shadow picture's pixel steps (shadow-pictures.ts), functions of their own so V8 optimizes them as functions:
 * `alphaChannel` takes every 4th byte of RGBA pixels, `colourCoverage` paints the shadow's colour with the coverage
 * (or its complement, inset) as alpha over the box inside the coverage's margin — checked against the pixel formula
 * on random coverages, sizes, margins and colours.
 */
import { describe, expect, it } from 'vitest';
import { alphaChannel, colourCoverage } from '../src/raster/shadow-pictures.js';
import { seededRandom } from './helpers/seeded-random.js';

describe('shadow picture pixels', () => {
  it('takes the alpha bytes of RGBA pixels', () => {
    const rgba = Uint8Array.from({ length: 40 }, (_x, i) => (i * 37) % 256);
    const alpha = alphaChannel(rgba, 9);
    expect([...alpha]).toEqual([3, 7, 11, 15, 19, 23, 27, 31, 35].map((i) => (i * 37) % 256));
  });

  it('paints the colour with the coverage as alpha, inside the margin', () => {
    const next = seededRandom(5);
    const int = (n: number) => Math.floor(next() * n);
    for (let n = 0; n < 200; n++) {
      const margin = int(4);
      const boxWidth = 1 + int(7);
      const boxHeight = 1 + int(7);
      const width = boxWidth + 2 * margin;
      const coverage = Uint8Array.from({ length: width * (boxHeight + 2 * margin) }, () => int(256));
      const colour: [number, number, number, number] = [int(256), int(256), int(256), next()];
      const inset = next() < 0.5;
      const out = colourCoverage(coverage, width, margin, boxWidth, boxHeight, colour, inset);
      expect(out.length).toBe(boxWidth * boxHeight * 4);
      for (let y = 0; y < boxHeight; y++) {
        for (let x = 0; x < boxWidth; x++) {
          const c = coverage[(y + margin) * width + x + margin] as number;
          const at = (y * boxWidth + x) * 4;
          expect([...out.subarray(at, at + 4)]).toEqual([
            colour[0],
            colour[1],
            colour[2],
            Math.round(colour[3] * (inset ? 255 - c : c)),
          ]);
        }
      }
    }
  });
});
