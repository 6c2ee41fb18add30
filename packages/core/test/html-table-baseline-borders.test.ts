/**
 * Issue 41 (Tachyons' type scale docs, tachyons-docs-scale): a baseline-aligned table cell's borders are painted by a
 * box of its own that fills the row (html/tables/tables.ts `boxPaint`), as Chromium draws them. That box took the
 * border shorthands and `border-color` but not the sides' longhands, and the cell's own borders were made
 * transparent: Tachyons' `.br { border-right-style: solid; border-right-width: 1px }` with `.b--black-10 {
 * border-color: … }` drew no border at all. The longhands now go with the shorthands, in cascade order.
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

describe('baseline-aligned table cells', () => {
  it("draw their sides' border longhands as Chromium does, a later shorthand clearing them", async () => {
    const html = readFileSync(join(dir, 'baseline-cell-border-longhands.html'), 'utf8');
    const result = await renderer.render({ html, width: 380, height: 200, format: 'png' });
    expect(result.warnings).toEqual([]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'baseline-cell-border-longhands.chromium.png')),
    );
    expect(mean).toBeLessThan(1);
    expect(far).toBeLessThan(0.002);
  });
});
