// Pictor change background-attachment-fixed (src/builder/rect.ts `fixedBackgroundArea`, src/handler/expand.ts,
// src/parser/background.ts): a `fixed` background layer is positioned and sized in the viewport and painted in the
// box (a CV page's hero header: `background-size: 100% auto; background-attachment: fixed`). satori positioned it in
// the box. Chromium repro: packages/core/test/repros/background-attachment-fixed.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { hp, render } from './render.js';

// A 2×1 PNG: the layer's picture.
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAHAgD/1EpyQQAAAABJRU5ErkJggg==';

/** The pattern and picture drawn for a header 100 px down a 400 × 300 page, inset 30 px, with `style`. */
async function layer(style: Record<string, unknown>, parent: Record<string, unknown> = {}) {
  const root = hp(
    'div',
    { style: { display: 'flex', flexDirection: 'column', width: 400, height: 300, ...parent } },
    hp('div', { style: { height: 100 } }),
    hp('div', { style: { height: 100, margin: '0 30px', ...style } }),
  );
  const svg = await render(root, { width: 400, height: 300 });
  const pattern = /<pattern [^>]*x="([-\d.]+)" y="([-\d.]+)"/.exec(svg);
  const image = /<image [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  return {
    x: Number(pattern?.[1]),
    y: Number(pattern?.[2]),
    width: Number(image?.[1]),
    height: Number(image?.[2]),
  };
}

const header = {
  backgroundImage: `url(${PICTURE})`,
  backgroundSize: '100% auto',
  backgroundRepeat: 'no-repeat',
};

describe('a fixed background layer', () => {
  it('is positioned and sized in the viewport', async () => {
    expect(await layer({ ...header, backgroundAttachment: 'fixed' })).toEqual({
      x: 0,
      y: 0,
      width: 400,
      height: 200,
    });
  });

  it('is fixed when the shorthand says so', async () => {
    const shorthand = await layer({ background: `url(${PICTURE}) 0 0 / 100% auto no-repeat fixed` });
    expect(shorthand).toEqual({ x: 0, y: 0, width: 400, height: 200 });
  });

  it('scrolls with the box otherwise, and under a transform', async () => {
    const box = { x: 30, y: 100, width: 340, height: 170 };
    expect(await layer(header)).toEqual(box);
    expect(await layer({ ...header, backgroundAttachment: 'scroll' })).toEqual(box);
    const moved = await layer({ ...header, backgroundAttachment: 'fixed' }, { transform: 'translateX(0px)' });
    expect([moved.width, moved.height]).toEqual([340, 170]);
  });
});
