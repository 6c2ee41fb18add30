/**
 * Issue 41 (JSON Resume's "flat" theme on Bootstrap 3's grid): the repro test/repros/float-grid-push.html against
 * Chromium. Its floated columns come out where Chromium puts them only with three changes: a number then a negative
 * length stays two values when a sheet is rewritten (`margin: 0 -15px` was written `0-15px` and dropped), a
 * relatively positioned float moves by its insets (satori `float-relative-offset`), and Bootstrap's clearfix
 * `display: table` is laid out as `flow-root`, so a first child's top margin does not collapse through it. The
 * page is checked here rather than in html-chromium-repros.test.ts because its `display: table` warning is expected.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { parseHtml } from '../src/html/parse.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('a Bootstrap 3 float grid', () => {
  it('draws like Chromium: columns pushed and pulled, negative row margins, clearfix margins', async () => {
    const html = readFileSync(join(dir, 'float-grid-push.html'), 'utf8');
    const result = await renderer.render({ html, width: 500, height: 240, format: 'png' });
    expect(result.warnings).toEqual([]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'float-grid-push.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });

  it('keeps a number and a signed number after it apart when a sheet is rewritten', () => {
    const { root } = parseHtml(
      '<style>.t { display: table } .r { margin: 0 -15px; padding: 1 +2px; translate: 0 -.5em }</style><p class="r">x</p>',
    );
    const sheet = JSON.stringify(root);
    expect(sheet).toContain('margin:0 -15px');
    expect(sheet).toContain('padding:1 +2px');
    expect(sheet).toContain('translate:0 -.5em');
  });
});
