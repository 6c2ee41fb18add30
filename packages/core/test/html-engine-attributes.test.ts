/**
 * Attributes a document may not set (elements/engine-attributes.ts): satori read `children` as the element's text
 * and `tw` as Tailwind classes, and `data-pictor-*` are the engine's own markers. Chromium ignores all three, and so
 * does Pictor now: the page draws as if they were not there.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

async function raw(html: string): Promise<Buffer> {
  const result = await renderer.render({ html, width: 120, height: 60, format: 'png' });
  return (await sharp(result.data).raw().toBuffer({ resolveWithObject: true })).data;
}

describe('attributes the engine keeps for itself', () => {
  const page = (attributes: string) =>
    `<!doctype html><html><body style="margin:0;background:#fff"><div ${attributes} style="width:120px;height:60px;font:40px/60px sans-serif"></div></body></html>`;

  for (const attributes of [
    'children="ZZZ"',
    'tw="bg-red-500"',
    'TW="bg-red-500 bogus-utility"',
    'class="x"tw="bg-red-500"',
    'data-pictor-anonymous="" data-pictor-area="1 / 3" data-pictor-table-weights="x" data-pictor-cell=""',
  ]) {
    it(`${attributes}: nothing drawn for it, as in Chromium`, async () => {
      const pixels = await raw(page(attributes));
      expect(pixels.equals(await raw(page('')))).toBe(true);
      // All white: no text, no colour.
      expect(pixels.every((byte) => byte === 255)).toBe(true);
    });
  }

  it('a checked radio button marked with the engine\'s "unchecked" state is drawn checked', async () => {
    const radio = (attributes: string) =>
      `<!doctype html><html><body style="margin:0;background:#fff"><input type="radio" checked ${attributes}></body></html>`;
    const render = async (html: string) =>
      (await renderer.render({ html, width: 40, height: 30, format: 'png' })).data;
    const marked = await sharp(await render(radio('data-pictor-unchecked')))
      .raw()
      .toBuffer();
    expect(
      marked.equals(
        await sharp(await render(radio('')))
          .raw()
          .toBuffer(),
      ),
    ).toBe(true);
  });
});
