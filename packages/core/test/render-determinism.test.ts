/**
 * A render's pixels depend on its input alone, not on what its worker rendered before: a worker that has loaded the
 * CJK or a world script's fonts for one document does not draw a later document's missing glyphs (symbols no built-in
 * face has) with them. The same document before and after others is the same image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, type Renderer } from '../dist/index.js';
import { decodeImage, pixelDifference } from './helpers/image-compare.js';

/** Latin text with symbols the built-in faces lack (an envelope, a cloud, a pencil) and a private-use icon. */
const SYMBOLS =
  '<div style="font-size:32px;padding:10px;background:#fff;color:#111"><p>Mail \u2709 Cloud \u2601 Edit \u270f Icon \uf0e0</p><p style="font-family:sans-serif">Mail \u2709 Cloud \u2601 Edit \u270f</p></div>';
const JAPANESE = '<p lang="ja" style="font-size:32px">日本語のテキスト、かな。</p>';
const ARABIC = '<p style="font-size:32px">مرحبا بالعالم ✉</p>';

async function pixelsOf(renderer: Renderer, html: string, width = 600, height = 200): Promise<Buffer> {
  const result = await renderer.render({ html, width, height });
  return (await decodeImage(result.data)).pixels;
}

describe.each([0, 1])('the same document before and after others (%i workers)', (workers) => {
  let renderer: Renderer;
  beforeAll(() => {
    renderer = createRenderer({ workers });
  });
  afterAll(async () => {
    await renderer.close();
  });

  it('is the same image after a Japanese and an Arabic document loaded their fonts', async () => {
    const first = await pixelsOf(renderer, SYMBOLS);
    await pixelsOf(renderer, JAPANESE);
    const afterJapanese = await pixelsOf(renderer, SYMBOLS);
    expect(pixelDifference(first, afterJapanese, 0)).toEqual({ max: 0, pixels: 0 });
    await pixelsOf(renderer, ARABIC);
    const afterArabic = await pixelsOf(renderer, SYMBOLS);
    expect(pixelDifference(first, afterArabic, 0)).toEqual({ max: 0, pixels: 0 });
  });

  it('a document that needs a set draws with it whatever came before', async () => {
    const mixed = `${JAPANESE}${ARABIC}`;
    const first = await pixelsOf(renderer, mixed);
    await pixelsOf(renderer, SYMBOLS);
    expect(pixelDifference(first, await pixelsOf(renderer, mixed), 0)).toEqual({ max: 0, pixels: 0 });
  });
});
