/**
 * Issue 41 (JSON Resume's "elegant" theme): CSS tables of divs, `.detail { display: table }` holding
 * `.icon, .info { display: table-cell }`, and cells directly in a block. Chromium sets the cells of a row side by side;
 * core degrades table displays to block ones and lays a box whose element children are all cells out as a row of
 * them (html/elements/css-table-row.ts). The repro test/repros/css-table-cells.html is checked here rather than in
 * html-chromium-repros.test.ts because its table-display warnings are expected.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { cssTableRow } from '../src/html/elements/css-table-row.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('CSS tables of elements', () => {
  it('draws like Chromium: cells side by side, a fixed-width cell beside one that takes the rest', async () => {
    const html = readFileSync(join(dir, 'css-table-cells.html'), 'utf8');
    const result = await renderer.render({ html, width: 480, height: 260, format: 'png' });
    expect(result.warnings).toEqual([
      'display: table is not supported; laid out as display: flow-root',
      'display: table-cell is not supported; laid out as display: block',
    ]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'css-table-cells.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });

  it('makes a row only of a table or block whose element children are all cells', () => {
    const cell = { display: 'table-cell', verticalAlign: undefined, width: undefined };
    expect(cssTableRow('table', [cell, cell])?.row.display).toBe('flex');
    expect(cssTableRow('inline-table', [cell])?.row.display).toBe('inline-flex');
    expect(cssTableRow(undefined, [cell, cell])?.row.display).toBe('flex');
    expect(cssTableRow('table', [cell, { ...cell, display: 'block' }])).toBeUndefined();
    expect(cssTableRow('flex', [cell, cell])).toBeUndefined();
    expect(cssTableRow('table', [])).toBeUndefined();
    const cells = cssTableRow('table', [
      { display: 'table-cell', verticalAlign: 'middle', width: '45px' },
      { display: 'table-cell', verticalAlign: undefined, width: '100%' },
    ])?.cells;
    expect(cells).toEqual([{ alignSelf: 'center', flexShrink: '0' }, {}]);
  });
});
