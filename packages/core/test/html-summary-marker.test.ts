/**
 * A details' summary shows Chrome's disclosure triangle (summary-disclosure-marker, style-sheets/ua-styles.ts): ▾ in
 * an open details, ▸ in a closed one, inside the summary before its text. The repro is
 * test/repros/summary-disclosure-marker.html.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { decodeImage } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The rightmost column with dark pixels of a rendered page: the summary's text lies after its marker. */
async function inkRight(html: string): Promise<number> {
  const result = await renderer.render({ html, width: 120, height: 40, format: 'png' });
  const { width, height, pixels } = await decodeImage(result.data);
  let right = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((pixels[(y * width + x) * 4] as number) < 128) right = Math.max(right, x);
  return right;
}

const page = (details: string) =>
  `<!doctype html><html><body style="margin:0;background:#fff;font:16px/20px sans-serif">${details}</body></html>`;

describe('summary-disclosure-marker', () => {
  it('draws a triangle before the summary of an open and of a closed details', async () => {
    // "Q" alone ends near x 12; after the marker and its space (~16 px), near x 28.
    expect(await inkRight(page('<details open><summary>Q</summary></details>'))).toBeGreaterThan(20);
    expect(await inkRight(page('<details><summary>Q</summary></details>'))).toBeGreaterThan(20);
  });

  it('leaves a summary outside a details, or one an author made a block, without a marker', async () => {
    expect(await inkRight(page('<div><summary>Q</summary></div>'))).toBeLessThan(16);
    expect(
      await inkRight(page('<details open><summary style="display:block">Q</summary></details>')),
    ).toBeLessThan(16);
  });
});
