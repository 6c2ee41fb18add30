/**
 * Issue 40.3: marks placed by the shaper in every script (repros/script-marks.html: Arabic hamza, madda and dots,
 * Urdu, Hebrew niqqud, Devanagari matras and conjuncts, Bengali স্ব, Thai tone marks over vowels, Vietnamese stacked
 * diacritics), drawn with @pictor/fonts-world's faces. Each cell's ink must start and end within 1 px of Chromium's
 * on every side: with the marks' y offsets the wrong way up (satori 0.63.2), hamza, dots and stacked marks moved
 * 3–8 px. The whole page is also compared as html-chromium-repros.test.ts compares pages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const { width, height } = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'))['script-marks'];
const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

/** The page's grid: 5 rows of 5 cells, 150 × 64 px, from (16, 16). */
const CELL = { width: 150, height: 64, left: 16, top: 16, rows: 5, columns: 5 };

async function grey(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().greyscale().raw().toBuffer();
}

/** Top, bottom, left and right of the ink (darker than mid-grey) in one cell. */
function inkBox(data: Buffer, row: number, column: number): number[] {
  const x0 = CELL.left + column * CELL.width;
  const y0 = CELL.top + row * CELL.height;
  let [top, bottom, left, right] = [-1, -1, Number.POSITIVE_INFINITY, -1];
  for (let y = y0; y < y0 + CELL.height; y++) {
    for (let x = x0; x < x0 + CELL.width; x++) {
      if ((data[y * width + x] as number) >= 128) continue;
      if (top < 0) top = y;
      bottom = y;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return [top, bottom, left, right];
}

describe('marks in every script, as Chromium places them', () => {
  it('each word’s ink within 1 px of Chromium’s on every side, and the page within antialiasing', async () => {
    const html = readFileSync(join(dir, 'script-marks.html'), 'utf8');
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await grey(result.data);
    const chromium = await grey(readFileSync(join(dir, 'script-marks.chromium.png')));
    const off: string[] = [];
    for (let row = 0; row < CELL.rows; row++) {
      for (let column = 0; column < CELL.columns; column++) {
        const a = inkBox(ours, row, column);
        const b = inkBox(chromium, row, column);
        expect(b[0], `Chromium drew cell ${row},${column}`).toBeGreaterThan(0);
        if (a.some((value, index) => Math.abs(value - (b[index] as number)) > 1)) {
          off.push(`cell ${row},${column}: ours ${a.join(' ')}, Chromium ${b.join(' ')}`);
        }
      }
    }
    expect(off).toEqual([]);
    let sum = 0;
    for (let i = 0; i < ours.length; i++) sum += Math.abs((ours[i] as number) - (chromium[i] as number));
    expect(sum / ours.length).toBeLessThan(4);
  });
});
