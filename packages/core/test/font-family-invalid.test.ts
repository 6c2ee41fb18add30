/**
 * Issue 41 (jsonresume-theme-printclassy prints its sheet through an escaping Handlebars tag): a `font-family` CSS's
 * grammar rejects (`&#x27;Open Sans&#x27;`, a reserved name, a number), and such a `font` shorthand, is dropped as Chromium drops it, so the
 * element inherits its parent's family instead of getting an unknown one (the default serif). The repro
 * test/repros/font-family-invalid.html is checked here, not in html-chromium-repros.test.ts: its warnings are expected.
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

describe('an invalid font-family', () => {
  it('draws like Chromium: the declarations dropped, the family inherited', async () => {
    const html = readFileSync(join(dir, 'font-family-invalid.html'), 'utf8');
    const result = await renderer.render({ html, width: 360, height: 190, format: 'png' });
    expect(result.warnings).toEqual([
      'font-family: &#x27 is not a valid value; the declaration was dropped, as browsers drop it',
      'font-family: &quot is not a valid value; the declaration was dropped, as browsers drop it',
      'font-family: default is not a valid value; the declaration was dropped, as browsers drop it',
      'font-family: 12px is not a valid value; the declaration was dropped, as browsers drop it',
      'font: italic 20px &#x27 is not a valid value; the declaration was dropped, as browsers drop it',
    ]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'font-family-invalid.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });

  it('keeps family lists the grammar takes', () => {
    for (const valid of [
      '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto',
      'Open Sans, sans-serif',
      '"Font Awesome 5 Free"',
      'inherit',
      'var(--font)',
      'Noto Sans CJK JP',
    ])
      expect(invalidDeclaration('font-family', valid)).toBeUndefined();
    for (const invalid of ['&#x27', '&quot', 'default', '12px', 'serif,', 'inherit, serif'])
      expect(invalidDeclaration('font-family', invalid)).toBeDefined();
    for (const valid of [
      'normal normal normal 14px/1 FontAwesome',
      '12px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI"',
      '700 15px Open Sans,sans-serif',
      '140% Helvetica, Arial',
      'calc(1rem + 2px)/1.2 sans-serif',
      'caption',
      'inherit',
      '0/0 a',
      'var(--font)',
      '-webkit-small-control',
    ])
      expect(invalidDeclaration('font', valid)).toBeUndefined();
    for (const invalid of ['italic 20px &#x27', '18px &quot', '12px', '12px/18px'])
      expect(invalidDeclaration('font', invalid)).toBeDefined();
  });
});
