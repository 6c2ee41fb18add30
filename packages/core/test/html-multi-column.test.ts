/**
 * Issue 41 (WeasyPrint's report: `#columns section { columns: 2 }`): multi-column text. The repro
 * test/repros/multicol-paragraphs.html (paragraphs balanced over two columns and broken between lines, text directly
 * in a three-column box, justified) is mostly small text: its boxes and lines sit where Chromium puts them, but its
 * glyphs' antialiasing alone is over html-chromium-repros.test.ts's page-wide mean (4.3 against 4). It is compared
 * here at a quarter of its size (each 4×4 block averaged), where antialiasing averages out and a line in the wrong
 * column or row still stands out. The other multi-column repros (`multicol-*`, `multi-column-list`) are checked by
 * html-chromium-repros.test.ts; the layout itself is packages/satori's multi-column change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The image at a quarter of its width and height, each block of 4×4 pixels averaged. */
const quarter = (png: Buffer, width: number, height: number) =>
  sharp(png)
    .removeAlpha()
    .resize(width / 4, height / 4, { kernel: 'linear', fit: 'fill' })
    .png()
    .toBuffer();

describe('multi-column text', () => {
  it('draws like Chromium at a quarter of its size: paragraphs balanced over columns, broken between lines', async () => {
    const html = readFileSync(join(dir, 'multicol-paragraphs.html'), 'utf8');
    const result = await renderer.render({ html, width: 480, height: 300, format: 'png' });
    expect(result.warnings).toEqual([]);
    const reference = readFileSync(join(dir, 'multicol-paragraphs.chromium.png'));
    const { mean, far } = await distanceFromReference(
      await quarter(result.data, 480, 300),
      await quarter(reference, 480, 300),
    );
    expect(mean).toBeLessThan(2);
    expect(far).toBeLessThan(0.002);
  });
});
