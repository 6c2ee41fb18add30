// Pictor change unloadable-url-image: a background or mask layer `url()` that is not an absolute http(s) or data: URL
// — a fragment (`url(#x)`) or a malformed URL (`url(a b)`) — made satori throw "Image source must be an absolute URL"
// and the whole render fail. As in Chromium, such a background layer draws nothing (the other layers and the colour
// stay) and such a mask layer is a transparent image (the element is hidden); a style error names the URL.
// Chromium repro: packages/core/test/repros/unloadable-url-image.html.
import { describe, expect, it } from 'vitest';
import { redBox } from './render.js';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==';

describe('a url() layer that names no loadable image', () => {
  for (const [name, image] of [
    ['a fragment', 'url(#x)'],
    ['a quoted fragment', 'url("#x")'],
    ['a malformed URL', 'url(a b)'],
    ['a relative URL', "url('images/bg.png')"],
  ] as const) {
    it(`${name} as a background: nothing drawn for it, the colour stays, the error names it`, async () => {
      const { svg, errors, centre } = await redBox({ backgroundImage: image });
      expect(svg).not.toContain('<image');
      expect(centre).toEqual([255, 0, 0, 255]);
      expect(errors).toEqual([
        `Image not loaded: "${image}" is not an absolute http(s) or data: URL; nothing is drawn for it`,
      ]);
    });
  }

  it('the other layers of the background are drawn', async () => {
    const { errors, centre } = await redBox({ backgroundImage: 'url(#x), linear-gradient(blue, blue)' });
    expect(centre).toEqual([0, 0, 255, 255]);
    expect(errors).toHaveLength(1);
  });

  it('as a mask: a transparent layer, the element is hidden', async () => {
    const { errors, centre } = await redBox({ maskImage: 'url(#m)' });
    expect(centre[3]).toBe(0);
    expect(errors).toHaveLength(1);
  });

  it('a data: URL is still drawn, with no error', async () => {
    const { svg, errors } = await redBox({ backgroundImage: `url("${PIXEL}")` });
    expect(errors).toEqual([]);
    expect(svg).toContain('<image');
  });
});
