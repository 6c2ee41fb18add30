/**
 * Issue 40, item 1 (web-font documents within 0.01 of their local-font score): Chromium draws faces loaded by
 * `@font-face` with FreeType's light auto-hinter, horizontal edges fitted to the pixel grid (the satori change
 * `autohint-light`). Repro `web-font-hinting`: lines of web-font Inter at 13, 20, 26 (bold) and 37 px, then the
 * local face at 26 px. Each line's rows of ink, top and bottom (grey under 247), are Chromium's; unhinted, the web
 * lines' tops are a row off at these sizes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { type GreyImage, greyPixels, rowBandDifferences } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const page = 'web-font-hinting';
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The lines' row bands (body margin 8 px, then each line's line-height). */
const lines = [
  [8, 28],
  [28, 56],
  [56, 92],
  [92, 140],
  [140, 176],
] as const;

/** The first and last row with ink (any pixel darker than 247) between `top` and `bottom`. */
function inkRows(image: GreyImage, top: number, bottom: number): [number, number] {
  let first = -1;
  let last = -1;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      if ((image.data[y * image.width + x] as number) < 247) {
        if (first < 0) first = y;
        last = y;
        break;
      }
    }
  }
  return [first, last];
}

describe('web faces drawn as Chromium hints them (autohint-light)', () => {
  it("each line's rows of ink are Chromium's", async () => {
    const html = readFileSync(join(dir, `${page}.html`), 'utf8');
    const result = await renderer.render({ html, width: 520, height: 190, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await greyPixels(result.data);
    const chromium = await greyPixels(readFileSync(join(dir, `${page}.chromium.png`)));
    expect(lines.map(([t, b]) => inkRows(ours, t, b))).toEqual(
      lines.map(([t, b]) => inkRows(chromium, t, b)),
    );
    // Within antialiasing line by line: the mean grey difference of each line's band.
    const bands = lines.map(
      ([t, b]) => rowBandDifferences(ours, chromium, { top: t, height: b - t, count: 1 })[0],
    );
    for (const band of bands) expect(band).toBeLessThan(6);
  });
});
