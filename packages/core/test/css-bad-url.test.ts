/**
 * A malformed `url()` (CSS's bad-url token: an unquoted URL with a space, or one left unclosed after a space) makes
 * the whole declaration invalid, as in Chromium: its colour is not drawn either, and an unclosed one swallows the
 * rest of a style attribute. Pictor kept such a declaration (repro bad-url-dropped, compared with Chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

async function colourAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('a declaration with a malformed url()', () => {
  it('is dropped whole, with a warning that says how to write the URL', async () => {
    const html = readFileSync(join(dir, 'bad-url-dropped.html'), 'utf8');
    const result = await renderer.render({ html, width: 360, height: 180, format: 'png' });
    expect(result.warnings).toEqual([
      'background: #f60 url(images/a b.png) holds a malformed url() (a URL with a space, quote or parenthesis must be quoted); the declaration was dropped, as browsers drop it',
      'style: background: #f60 url(data:image/jpeg;x y z;color:red;border-color:red holds a malformed url() (a URL with a space, quote or parenthesis must be quoted); the declaration was dropped, as browsers drop it',
      // The quoted URL is well-formed: it is looked up (and not there).
      'image images/a b.png was not loaded: no such file in the base folder; nothing is drawn for it',
    ]);
    // The first box keeps the rule's earlier colour (#8cf), not the dropped declaration's #f60; so does the fourth,
    // whose swallowed `border-color:red` leaves its border #036.
    expect(await colourAt(result.data, 55, 28)).toEqual([0x88, 0xcc, 0xff]);
    expect(await colourAt(result.data, 55, 82)).toEqual([0x88, 0xcc, 0xff]);
    expect(await colourAt(result.data, 11, 82)).toEqual([0x00, 0x33, 0x66]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'bad-url-dropped.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
