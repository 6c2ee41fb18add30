/**
 * Characters that the faces of a family list naming no generic family lack come from the standard font (serif here)
 * before any other fallback, as in Chromium: Font Awesome's `<i class="fa">` around text (JSON Resume theme ace's
 * contact lines), a web font without Latin letters. The page (repros/standard-font-fallback.html) loads Noto Emoji
 * (monochrome, no letters) as that icon font, from the core's devDependencies.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { withNpmFonts } from './helpers/npm-fonts.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const { width, height } = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'))[
  'standard-font-fallback'
];
// The web fonts a page names as url(npm/…) are copied into this folder, the renderer's baseDir.
const folder = mkdtempSync(join(tmpdir(), 'pictor-standard-fallback-'));
const renderer = createRenderer({ workers: 0, baseDir: folder });
afterAll(() => renderer.close());

describe('standard-font-fallback', () => {
  it('draws like Chromium: letters an icon font lacks in the standard serif, text within antialiasing', async () => {
    const html = withNpmFonts(readFileSync(join(dir, 'standard-font-fallback.html'), 'utf8'), folder);
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'standard-font-fallback.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
