/**
 * Issue 41 (md2resume's modern template writes `dl em { font-style: bold }`): a `font-style` CSS's grammar rejects is
 * dropped as Chromium drops it, so the cascade's earlier value stays (the `<em>`'s italic) instead of satori reading
 * the unknown keyword as `normal`. The repro test/repros/font-style-invalid.html is checked here, not in
 * html-chromium-repros.test.ts: its warnings are expected.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { invalidDeclaration } from '../src/html/style-sheets/css-values.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('an invalid font-style', () => {
  it('draws like Chromium: the declarations dropped, the earlier style kept', async () => {
    const html = readFileSync(join(dir, 'font-style-invalid.html'), 'utf8');
    const result = await renderer.render({ html, width: 360, height: 170, format: 'png' });
    expect(result.warnings).toEqual([
      'font-style: bold is not a valid value; the declaration was dropped, as browsers drop it',
      'font-style: heavy is not a valid value; the declaration was dropped, as browsers drop it',
      'style: font-style: slanted is not a valid value; the declaration was dropped, as browsers drop it',
    ]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'font-style-invalid.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });

  it('keeps the values the grammar takes', () => {
    for (const valid of [
      'normal',
      'italic',
      'oblique',
      'oblique 10deg',
      'Italic',
      'inherit',
      'unset',
      'var(--s)',
    ])
      expect(invalidDeclaration('font-style', valid)).toBeUndefined();
    for (const invalid of ['bold', 'heavy', 'slanted', '12px', 'italic bold'])
      expect(invalidDeclaration('font-style', invalid)).toBeDefined();
  });
});
