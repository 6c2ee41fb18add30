/**
 * The satori change `no-enable-background-scan` (packages/satori): satori no longer searches the whole
 * document for a backdrop filter to set the root's `enable-background`. That attribute is for resvg only, and
 * resvg draws the same pixels without it; if a resvg upgrade starts to honour it, the second test fails.
 */
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';

const BACKDROP = `<div style="display:flex;width:200px;height:100px;background:#f00">
  <div style="display:flex;width:50px;height:50px;margin:20px 0 0 50px;background:#00f"></div>
  <div style="display:flex;position:absolute;left:40px;top:10px;width:120px;height:80px;background:rgba(255,255,255,0.5);backdrop-filter:blur(5px)"></div>
</div>`;

describe('the SVG root', () => {
  it('has no enable-background, also with a backdrop filter', async () => {
    const { svg } = await layoutToSvg(parseHtml(BACKDROP).root, {
      fonts: [...getBuiltinFonts()],
      width: 200,
      height: 100,
    });
    expect(svg).toContain('filter="url(#satori_bf-');
    expect(svg).not.toContain('enable-background');
  });

  it('resvg draws a BackgroundImage filter the same with enable-background="new" and without', () => {
    const body =
      '<rect width="200" height="100" fill="#f00"/><rect x="50" y="20" width="50" height="50" fill="#00f"/>' +
      '<filter id="f" x="0" y="0" width="1" height="1"><feGaussianBlur in="BackgroundImage" stdDeviation="5"/></filter>' +
      '<rect x="40" y="10" width="120" height="80" fill="#fff" fill-opacity="0.5" filter="url(#f)"/>';
    const draw = (rootAttributes: string) =>
      new Resvg(
        `<svg width="200" height="100" viewBox="0 0 200 100" xmlns="http://www.w3.org/2000/svg"${rootAttributes}>${body}</svg>`,
      ).render().pixels;
    const without = draw('');
    expect(Buffer.compare(draw(' enable-background="new"'), without)).toBe(0);
    // Not a blank picture: the red canvas is there.
    expect([...without.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });
});
