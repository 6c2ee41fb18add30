/**
 * Issue 17: line boxes with `line-height: normal` as Chromium makes them (round(ascent) + round(descent) +
 * round(line gap), the patch `line-height-normal` of build/satori-patch.mjs). The repro page has 30 lines in each of
 * three built-in faces; the last line's ink must end within 1 px of where Chromium's does (unrounded line boxes
 * ended 20–25 px off, higher or lower with the face and size).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The last row between x0 and x1 with a pixel darker than mid-grey. */
async function lastInkRow(png: Buffer, x0: number, x1: number): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let y = info.height - 1; y >= 0; y--) {
    for (let x = x0; x < x1; x++) if ((data[y * info.width + x] as number) < 128) return y;
  }
  return -1;
}

describe('line-height: normal over 30 lines', () => {
  const columns = [
    { face: 'Inter 15px', x0: 0, x1: 220 },
    { face: 'Noto Serif 12px', x0: 220, x1: 440 },
    { face: 'JetBrains Mono 18px', x0: 440, x1: 660 },
  ];
  it.each(columns)('$face: the 30th line ends within 1 px of Chromium', async ({ x0, x1 }) => {
    const html = readFileSync(join(dir, 'line-height-normal.html'), 'utf8');
    const result = await renderer.render({ html, width: 660, height: 720, format: 'png' });
    const reference = readFileSync(join(dir, 'line-height-normal.chromium.png'));
    const ours = await lastInkRow(result.data, x0, x1);
    const chromium = await lastInkRow(reference, x0, x1);
    expect(chromium).toBeGreaterThan(500);
    expect(Math.abs(ours - chromium)).toBeLessThanOrEqual(1);
  });
});
