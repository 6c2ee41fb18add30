/**
 * Image references that name no picture (repro unloadable-url-image, compared with Chromium): `<img src="#">` is an
 * image with no source (its alt text, or an empty box of its dimensions); a background layer `url(#x)` draws nothing
 * (a malformed `url(a b)` drops its whole declaration: bad-url-dropped) and the colour stays; such a mask hides the element. The render used to fail ("Image source must be
 * an absolute URL"); each dropped layer is a warning now.
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

describe('image references that name no picture', () => {
  it('render like Chromium, with a warning per dropped layer', async () => {
    const html = readFileSync(join(dir, 'unloadable-url-image.html'), 'utf8');
    const result = await renderer.render({ html, width: 400, height: 240, format: 'png' });
    expect(result.warnings.sort()).toEqual(
      [
        // `url("#pattern")` reads `url(#pattern)` here (a sheet that lost a declaration is written out again), the
        // same warning as the first box's.
        ...['url(#pattern)', 'url(#nothing)'].map(
          (image) =>
            `Image not loaded: "${image}" is not an absolute http(s) or data: URL; nothing is drawn for it`,
        ),
        // A malformed url() drops its whole declaration (bad-url-dropped).
        'background-image: url(images/a b.png) holds a malformed url() (a URL with a space, quote or parenthesis must be quoted); the declaration was dropped, as browsers drop it',
      ].sort(),
    );
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'unloadable-url-image.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });

  it('a fragment as an SVG <image> href draws nothing, with a warning', async () => {
    const result = await renderer.render({
      html: '<svg width="20" height="20"><image href="#x" width="20" height="20"/></svg><p>after</p>',
      width: 100,
      height: 80,
      format: 'png',
    });
    expect(result.warnings).toEqual([
      'image #x was not loaded: a fragment names no picture; nothing is drawn for it',
    ]);
  });
});
