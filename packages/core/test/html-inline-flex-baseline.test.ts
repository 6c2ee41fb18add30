/**
 * Issue 17: an inline-flex or inline-grid box stands on its line by its first item — that item's baseline, or the
 * bottom edge of an item without one (an <svg>) — as Chromium aligns it (the satori change `inline-flex-baseline`,
 * packages/satori). satori stood such a box on its bottom margin edge, as an inline-block without text: an
 * icon tile (`inline-flex p-3` around an svg, HyperUI's feature grid) made its line 12 px taller less the strut's
 * descent, and the heading under it came out 5–6 px lower than Chromium's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const page = 'inline-flex-baseline';
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The first row from y0 down with a pixel darker than 100 between x0 and x1. */
async function firstInkRow(png: Buffer, y0: number, x0: number, x1: number): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let y = y0; y < info.height; y++)
    for (let x = x0; x < x1; x++) if ((data[y * info.width + x] as number) < 100) return y;
  return -1;
}

describe('inline-flex and inline-grid boxes on a line', () => {
  const headings = [
    { under: 'an inline-flex tile around an svg, alone on its line', y0: 85, x0: 33, x1: 250 },
    {
      under: 'a line of text with an inline-flex pill and an inline-grid box around an svg',
      y0: 70,
      x0: 324,
      x1: 540,
    },
  ];
  it.each(headings)('the heading under $under starts within 1 px of where Chromium draws it', async (h) => {
    const html = readFileSync(join(dir, `${page}.html`), 'utf8');
    const result = await renderer.render({ html, width: 580, height: 160, format: 'png' });
    const chromium = await firstInkRow(readFileSync(join(dir, `${page}.chromium.png`)), h.y0, h.x0, h.x1);
    const ours = await firstInkRow(result.data, h.y0, h.x0, h.x1);
    expect(chromium).toBeGreaterThan(h.y0);
    expect(Math.abs(ours - chromium)).toBeLessThanOrEqual(1);
  });
});
