// Pictor changes img-auto-size-is-natural and img-width-limits: an <img> with `width: auto` has its natural size,
// and a picture with a width and an auto height keeps its ratio within min-width / max-width.
// Chromium repro: packages/core/test/repros/img-max-width-natural.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

// A 40 × 20 picture with a natural size.
const picture = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"></svg>')}`;

async function imgBox(style: Record<string, unknown>, attributes: Record<string, unknown> = {}) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start', width: 300, height: 200 },
    hp('img', { src: picture, ...attributes, style }),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 200 });
  const img = found.find((b) => b.type === 'img')!;
  return [img.width, img.height];
}

describe('<img> sizes', () => {
  it('width: auto is the natural size, not the container width (e-mail resets: img { width: auto })', async () => {
    expect(await imgBox({ width: 'auto' })).toEqual([40, 20]);
  });

  it('width: auto outranks the width attribute, as any CSS does', async () => {
    expect(await imgBox({ width: 'auto' }, { width: 120 })).toEqual([40, 20]);
  });

  it('a px max-width narrows a wider picture and its height follows the ratio', async () => {
    expect(await imgBox({ maxWidth: 30 }, { width: 120 })).toEqual([30, 15]);
  });

  it('a px min-width widens a narrower picture and its height follows the ratio', async () => {
    expect(await imgBox({ minWidth: 80 }, { width: 40 })).toEqual([80, 40]);
  });

  it('width: auto; max-width: 100% keeps a picture narrower than its box at its natural size', async () => {
    expect(await imgBox({ width: 'auto', maxWidth: '100%' })).toEqual([40, 20]);
  });
});
