/**
 * Issue 41 (JSON Resume's "elegant" theme): CSS tables of divs, `.detail { display: table }` holding
 * `.icon, .info { display: table-cell }`, and cells directly in a block. Chromium sets the cells of a row side by side;
 * core lays CSS tables out with its table layer, cells directly in a block in an anonymous table
 * (html/tables/table-structure.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('CSS tables of elements', () => {
  it('draws like Chromium: cells side by side, a fixed-width cell beside one that takes the rest', async () => {
    const html = readFileSync(join(dir, 'css-table-cells.html'), 'utf8');
    const result = await renderer.render({ html, width: 480, height: 260, format: 'png' });
    expect(result.warnings).toEqual([]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'css-table-cells.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
