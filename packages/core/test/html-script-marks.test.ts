/**
 * Issue 40.3: marks placed by the shaper in every script (repros/script-marks.html: Arabic hamza, madda and dots,
 * Urdu, Hebrew niqqud, Devanagari matras and conjuncts, Bengali স্ব, Thai tone marks over vowels, Vietnamese stacked
 * diacritics), drawn with @pictor/fonts-world's faces; and Noto Naskh Arabic as a web font
 * (repros/naskh-arabic-marks.html, @expo-google-fonts/noto-naskh-arabic: its dots, hamza, madda and harakat are
 * marks on joined letters). Each cell's ink must start and end within 1 px of Chromium's on every side: with the
 * marks' y offsets the wrong way up (satori 0.63.2), hamza, dots and stacked marks moved 3–8 px. The whole page is
 * also compared as html-chromium-repros.test.ts compares pages.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { withNpmFonts } from './helpers/npm-fonts.js';

const dir = join(import.meta.dirname, 'repros');
const sizes = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'));
// The web fonts a page names as url(npm/…) are copied into this folder, the renderer's baseDir.
const folder = mkdtempSync(join(tmpdir(), 'pictor-marks-'));
const renderer = createRenderer({ workers: 0, baseDir: folder });
afterAll(() => renderer.close());

/** A page's grid of one-word cells, 150 × 64 px from (16, 16). */
const CELL = { width: 150, height: 64, left: 16, top: 16 };
const PAGES = [
  { name: 'script-marks', rows: 5, columns: 5 },
  { name: 'naskh-arabic-marks', rows: 2, columns: 4 },
];

async function grey(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().greyscale().raw().toBuffer();
}

/** Top, bottom, left and right of the ink (darker than mid-grey) in one cell. */
function inkBox(data: Buffer, width: number, row: number, column: number): number[] {
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

describe.each(PAGES)('marks as Chromium places them: $name', ({ name, rows, columns }) => {
  it('each word’s ink within 1 px of Chromium’s on every side, and the page within antialiasing', async () => {
    const { width, height } = sizes[name];
    const html = withNpmFonts(readFileSync(join(dir, `${name}.html`), 'utf8'), folder);
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await grey(result.data);
    const chromium = await grey(readFileSync(join(dir, `${name}.chromium.png`)));
    const off: string[] = [];
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const a = inkBox(ours, width, row, column);
        const b = inkBox(chromium, width, row, column);
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
