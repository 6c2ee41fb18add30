// Pictor change object-fit-none-and-position: `object-fit: none` draws the picture at its natural size, and
// object-position places it as CSS does (a percentage of the free space, a length an offset from the box's edge).
// Chromium repro: packages/core/test/repros/object-fit-position.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

// A 40 × 20 picture in a 100 × 100 box.
const picture = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="red"/></svg>')}`;

/** The drawn picture's x, y, width and height. */
async function drawn(style: Record<string, unknown>) {
  const svg = await render(
    h('div', { display: 'flex' }, hp('img', { src: picture, width: 100, height: 100, style })),
    { width: 100, height: 100 },
  );
  const image = /<image [^>]*>/.exec(svg)?.[0] ?? '';
  return ['x', 'y', 'width', 'height'].map((name) =>
    Number(new RegExp(` ${name}="([-\\d.]+)"`).exec(image)?.[1]),
  );
}

describe('object-fit and object-position', () => {
  it('none: the natural size, centred by default', async () => {
    expect(await drawn({ objectFit: 'none' })).toEqual([30, 40, 40, 20]);
  });

  it('a length is an offset from the box edge: none at 10px 20px', async () => {
    expect(await drawn({ objectFit: 'none', objectPosition: '10px 20px' })).toEqual([10, 20, 40, 20]);
  });

  it('a percentage is of the free space: contain at 100% 0%', async () => {
    expect(await drawn({ objectFit: 'contain', objectPosition: '100% 0%' })).toEqual([0, 0, 100, 50]);
  });

  it('fill stretches', async () => {
    expect(await drawn({ objectFit: 'fill' })).toEqual([0, 0, 100, 100]);
  });
});
