/**
 * Where a table's boxes end, to the pixel, against Chromium's rendering of the same repro page
 * (test/repros/<name>.html and its `.chromium.png`). A border half a pixel off moves one column of pixels, which the
 * mean difference of html-chromium-repros.test.ts cannot see; here the last drawn pixel of chosen rows must be
 * Chromium's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const sizes = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8')) as Record<
  string,
  { width: number; height: number }
>;
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The x of the last pixel of row `y` that is not white (−1 when none). */
function lastInk(image: { data: Buffer; width: number }, y: number): number {
  for (let x = image.width - 1; x >= 0; x--) {
    const i = (y * image.width + x) * 3;
    if (image.data[i]! < 250 || image.data[i + 1]! < 250 || image.data[i + 2]! < 250) return x;
  }
  return -1;
}

async function decoded(png: Buffer) {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

describe('table-collapsed-callout: a 100% cell beside an empty `width: 0` cell (Foundation for Emails)', () => {
  it("ends each callout's right border at Chromium's pixel", async () => {
    const name = 'table-collapsed-callout';
    const { width, height } = sizes[name]!;
    const html = readFileSync(join(dir, `${name}.html`), 'utf8');
    const ours = await decoded((await renderer.render({ html, width, height, format: 'png' })).data);
    const chromium = await decoded(readFileSync(join(dir, `${name}.chromium.png`)));
    // The middle of each of the four callouts (with an expander, alone, 2 px and 3 px borders).
    const rows = [42, 98, 153, 211];
    expect(rows.map((y) => lastInk(ours, y))).toEqual(rows.map((y) => lastInk(chromium, y)));
  });
});
