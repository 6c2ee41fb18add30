/**
 * Issue 41 (webslides' keynote logo: an SVG picture whose only content is `<image href="data:image/png…">`): an SVG
 * picture with raster pictures inside goes to satori as canonical utf8 text, which satori nests in the page's SVG so
 * resvg draws the rasters (svg-picture-rasters; src/images/svg-nestable.ts; repro `svg-picture-rasters`).
 */
import { describe, expect, it } from 'vitest';
import { checkImage } from '../src/images/image-check.js';
import { nestableSvg } from '../src/images/svg-nestable.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAL0lEQVRIie3VwQkAMBACwem/FKtMGQdhwb8g6jI3krGiXuXSnHQg6zIFCWHR91h8mRUTX9qUNuYAAAAASUVORK5CYII=';

const LOGO = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- a drawing program's comment -->
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
  width='240px' height="240px" viewBox="0 0 240 240"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>
  <clipPath id="c"><rect width="10" height="10"/></clipPath></defs>
  <rect fill="url(#g)" style="clip-path: url('#c')" width="5" height="5"/><use xlink:href="#g"/>
  <![CDATA[a < b]]><image id="image0" width="240" height="240"
    xlink:href="${PNG.slice(0, 60)}
${PNG.slice(60)}" /></svg>`;

describe('nestableSvg', () => {
  it('writes the picture without its prolog, its ids and references to them prefixed, colours kept', () => {
    const out = nestableSvg(LOGO)!;
    expect(out.startsWith('<svg version="1.1" id="pictor-svg-')).toBe(true);
    const prefix = /id="(pictor-svg-[a-z0-9]+-)Layer_1"/.exec(out)![1]!;
    expect(out).toContain(`<linearGradient id="${prefix}g">`);
    expect(out).toContain(`fill="url(#${prefix}g)"`);
    expect(out).toContain(`style="clip-path: url('#${prefix}c')"`);
    expect(out).toContain(`xlink:href="#${prefix}g"`);
    expect(out).toContain('stop-color="#fff"');
    expect(out).toContain('width="240px"');
    expect(out).toContain('a &lt; b');
    expect(out).not.toContain('<!--');
    // The base64 written over two lines is one again.
    expect(out).toContain(`xlink:href="${PNG}"`);
    // The same picture gets the same name.
    expect(nestableSvg(LOGO)).toBe(out);
  });

  it('leaves a picture without raster pictures, or with a <style> element, as it is', () => {
    expect(
      nestableSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
    ).toBeUndefined();
    expect(
      nestableSvg(
        `<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:red}</style><image href="${PNG}"/></svg>`,
      ),
    ).toBeUndefined();
  });

  it('is what the image check hands on for an SVG with a raster picture', async () => {
    const checked = await checkImage(Buffer.from(LOGO), 1e8);
    expect(checked.nestable).toBe(nestableSvg(LOGO));
    const plain = await checkImage(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>'),
      1e8,
    );
    expect(plain.nestable).toBeUndefined();
  });
});
