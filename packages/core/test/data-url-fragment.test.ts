/**
 * Issue 41 (jsonresume-theme-fresh's social icons): a data: URL ends at its first `#`, as any URL does, so an SVG
 * written into it unescaped (`fill='#2CBDE2'`) is cut there; Chromium draws that broken image as nothing. Pictor
 * drew the whole SVG. The repro test/repros/data-url-fragment.html is checked here, not in
 * html-chromium-repros.test.ts: its warning is expected.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { decodeDataUrl } from '../src/fetch/data-url.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('a data: URL with an unescaped #', () => {
  it('is decoded up to the #', () => {
    expect(decodeDataUrl(`data:image/svg+xml;utf8,<svg fill='#fff'/>`, 1000).data.toString()).toBe(
      `<svg fill='`,
    );
    expect(decodeDataUrl('data:text/plain,a%23b#c', 1000).data.toString()).toBe('a#b');
    expect(decodeDataUrl('data:text/plain;base64,YWI=#x', 1000).data.toString()).toBe('ab');
  });

  it('draws like Chromium: the cut SVG as nothing, an escaped # and a fragment after the SVG drawn', async () => {
    const html = readFileSync(join(dir, 'data-url-fragment.html'), 'utf8');
    const result = await renderer.render({ html, width: 300, height: 100, format: 'png' });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/ends at the unescaped "#" .* nothing is drawn for it$/);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'data-url-fragment.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
