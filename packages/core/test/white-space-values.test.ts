/**
 * Issue 41 (the Debian Administrator's Handbook's Publican sheet: `pre { white-space: pre-wrap; white-space:
 * -moz-pre-wrap !important; … }`): a `white-space` value Chromium rejects is dropped, so the cascade's earlier value
 * stays — the important `-moz-pre-wrap` had won, and the layout engine, not knowing it, joined every line of the
 * manual's <pre> listings. Old browsers' values go without a word (they are always written beside `pre-wrap`), other
 * unknown ones with a warning; CSS Text 4's two-word forms are read as the keyword that lays text out the same way.
 * The repro test/repros/white-space-values.html is checked here, not in html-chromium-repros.test.ts: its warning is
 * expected.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { foreignValue, invalidDeclaration, resolveValue } from '../src/html/style-sheets/css-values.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('white-space values', () => {
  it('draws like Chromium: old and unknown values dropped, two-word values read', async () => {
    const html = readFileSync(join(dir, 'white-space-values.html'), 'utf8');
    const result = await renderer.render({ html, width: 400, height: 200, format: 'png' });
    expect(result.warnings).toEqual([
      'white-space: bogus is not a valid value; the declaration was dropped, as browsers drop it',
    ]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'white-space-values.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });

  it('drops old browsers’ values silently and unknown ones with a reason', () => {
    for (const old of ['-moz-pre-wrap', '-pre-wrap', '-o-pre-wrap'])
      expect(foreignValue('white-space', old)).toBe(true);
    for (const kept of ['pre-wrap', 'nowrap', 'preserve nowrap', 'inherit', 'var(--ws)']) {
      expect(foreignValue('white-space', kept)).toBe(false);
      expect(invalidDeclaration('white-space', kept)).toBeUndefined();
    }
    for (const invalid of ['bogus', 'pre wrap', 'nowrap nowrap', 'preserve collapse', '12px'])
      expect(invalidDeclaration('white-space', invalid)).toBeDefined();
  });

  it('reads CSS Text 4’s forms as the keywords the layout engine knows', () => {
    expect(resolveValue('white-space', 'preserve nowrap')).toBe('pre');
    expect(resolveValue('white-space', 'nowrap preserve')).toBe('pre');
    expect(resolveValue('white-space', 'preserve')).toBe('pre-wrap');
    expect(resolveValue('white-space', 'collapse')).toBe('normal');
    expect(resolveValue('white-space', 'collapse nowrap')).toBe('nowrap');
    expect(resolveValue('white-space', 'preserve-breaks')).toBe('pre-line');
    expect(resolveValue('white-space', 'Pre-Wrap')).toBe('pre-wrap');
    expect(resolveValue('white-space', 'var(--ws)')).toBe('var(--ws)');
  });
});
