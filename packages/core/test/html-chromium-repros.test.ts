/**
 * Real-world HTML reduced to small pages (test/repros/*.html, from issue 23), each compared by pixels with the way
 * headless Chromium draws it (`{name}.chromium.png`, made by `node benchmarks/fidelity/repro-references.mjs` with
 * Pictor's fonts). Text antialiasing differs between the two rasterisers; boxes, sizes and positions must not.
 * A page loads built-in font files as web fonts with `url(fonts/<file>.ttf)`: relative to the built assets here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const all = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8')) as Record<
  string,
  { width: number; height: number; issue: string; test?: string }
>;
// A page with its own `test` file is checked there: 90 lines of small text differ from Chromium's by antialiasing
// alone by more than this file's mean allows, so that test measures line positions instead.
const cases = Object.fromEntries(Object.entries(all).filter(([, page]) => page.test === undefined));
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe.each(Object.entries(cases))('%s', (name, { width, height }) => {
  it('draws like Chromium: every box where Chromium puts it, text within antialiasing', async () => {
    const html = readFileSync(join(dir, `${name}.html`), 'utf8');
    const result = await renderer.render({ html, width, height, format: 'png' });
    // A page may run past the viewport, cut there as in Chromium's screenshot: the overflow warning says so.
    expect(result.warnings.filter((w) => !w.startsWith('content overflows the image'))).toEqual([]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, `${name}.chromium.png`)),
    );
    // A box in the wrong place or size moves thousands of pixels far off; antialiasing moves edges slightly.
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
