/**
 * Issue 41 (JSON Resume's caffeine theme, mnjul's résumé): lists with `columns` or `column-count`. The engine has no
 * multi-column layout; core sets a list whose children are all items in balanced columns
 * (html/elements/multi-column-list.ts). The repro test/repros/multi-column-list.html is checked here rather than in
 * html-chromium-repros.test.ts because its multi-column warnings are expected.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { columnCount } from '../src/html/elements/multi-column-list.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('lists in columns', () => {
  it('draws like Chromium: the items in order, ceil(n / count) in each column, the gap between them', async () => {
    const html = readFileSync(join(dir, 'multi-column-list.html'), 'utf8');
    const result = await renderer.render({ html, width: 400, height: 200, format: 'png' });
    const note =
      'is laid out as columns for a list of items only (multi-column layout); other content stays in one column';
    expect(result.warnings).toEqual([`column-count: 2 ${note}`, `columns: 2 ${note}`, `columns: 3 ${note}`]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'multi-column-list.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });

  it('reads the count of column-count and of the columns shorthand, 2 or more', () => {
    expect(columnCount('2')).toBe(2);
    expect(columnCount('12em 3')).toBe(3);
    expect(columnCount('auto')).toBeUndefined();
    expect(columnCount('1')).toBeUndefined();
    expect(columnCount('10em')).toBeUndefined();
    expect(columnCount(undefined)).toBeUndefined();
  });
});
