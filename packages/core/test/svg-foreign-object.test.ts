/**
 * svg-foreign-object: an SVG image holding a `<foreignObject>` (HTML inside SVG) failed the whole render with
 * FETCH_ERROR ("SVG images may not contain <foreignobject>"), and one inside an inline `<svg>` was left out without
 * a word. resvg does not lay out HTML, so its content is not drawn; now the rest of the drawing is, and a warning
 * names what is missing. Its references are still checked (an external one is refused), and `<script>` still is.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

const FOREIGN =
  '<foreignObject x="0" y="0" width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml">HTML</div></foreignObject>';
/** A 40×40 SVG: a blue square with `inside` after it. */
const svg = (inside: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#00f"/>${inside}</svg>`;
const uri = (text: string) => `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`;

/** The page (white) with `body` at 0,0, rendered 100×50: its warnings and the RGB of a pixel. */
async function render(body: string) {
  const html = `<html style="background:#fff"><body style="margin:0">${body}</body></html>`;
  const result = await renderer.render({ html, width: 100, height: 50, format: 'png' });
  const { data, info } = await sharp(result.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  return { warnings: result.warnings, at };
}

describe('an SVG <foreignObject>', () => {
  it('in an SVG image: the image is drawn without it, with a warning naming it', async () => {
    const image = uri(svg(FOREIGN));
    const page = await render(`<img src="${image}">`);
    expect(page.at(20, 20)).toEqual([0, 0, 255]);
    expect(page.warnings).toEqual([
      `image ${image.slice(0, 120)}…: its <foreignObject> (HTML inside SVG) is not drawn; the rest of the image is`,
    ]);
    // Twice in one page, and again in the next render (the checked image is cached): one warning each time.
    const again = await render(`<img src="${image}"><img src="${image}">`);
    expect(again.warnings).toHaveLength(1);
    expect(again.at(60, 20)).toEqual([0, 0, 255]);
  });

  it('in an inline <svg>: the drawing is drawn without it, one warning for the document', async () => {
    const page = await render(`${svg(FOREIGN)}${svg(FOREIGN)}`);
    expect(page.at(20, 20)).toEqual([0, 0, 255]);
    expect(page.at(60, 20)).toEqual([0, 0, 255]);
    expect(page.warnings).toEqual([
      'inline <svg>: its <foreignObject> (HTML inside SVG) is not drawn; the rest of the drawing is',
    ]);
  });

  it('still has its references checked, and <script> is still refused', async () => {
    const remote = uri(
      svg(
        '<foreignObject width="40" height="40"><img xmlns="http://www.w3.org/1999/xhtml" src="https://example.com/a.png"/></foreignObject>',
      ),
    );
    await expect(render(`<img src="${remote}">`)).rejects.toMatchObject({ code: 'FETCH_ERROR' });
    const script = uri(svg('<script>alert(1)</script>'));
    await expect(render(`<img src="${script}">`)).rejects.toThrow('may not contain <script>');
  });
});
