// Pictor change img-height-limits: a picture whose width and height are both auto keeps its natural ratio under
// max-height and min-height as under max-width (CSS 2.1 §10.4's table): AdminLTE's 128 × 128 logo with
// `max-height: 33px; width: auto` is 33 × 33 in Chromium, satori kept the natural width (128 × 33).
// Chromium repro: packages/core/test/repros/img-max-height-ratio.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

// A 128 × 96 picture with a natural size.
const picture = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="128" height="96"></svg>')}`;

async function imgBox(style: Record<string, unknown>) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start', width: 300, height: 200 },
    hp('img', { src: picture, style: { width: 'auto', ...style } }),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 200 });
  const img = found.find((b) => b.type === 'img')!;
  return [img.width, img.height];
}

describe('<img> with both sizes auto', () => {
  it('a px max-height narrows the picture by its ratio', async () => {
    expect(await imgBox({ maxHeight: 33 })).toEqual([44, 33]);
  });

  it('a px min-height widens it by its ratio', async () => {
    expect(await imgBox({ minHeight: 120 })).toEqual([160, 120]);
  });

  it('max-width and max-height: the tighter limit wins, the ratio is kept', async () => {
    expect(await imgBox({ maxWidth: 64, maxHeight: 40 })).toEqual([53, 40]);
    expect(await imgBox({ maxWidth: 40, maxHeight: 40 })).toEqual([40, 30]);
  });

  it('max-height beside a percentage max-width still narrows it', async () => {
    expect(await imgBox({ maxHeight: 48, maxWidth: '100%' })).toEqual([64, 48]);
  });

  it('a border-box picture keeps the ratio of its content box', async () => {
    expect(await imgBox({ boxSizing: 'border-box', padding: 4, maxHeight: 56 })).toEqual([72, 56]);
  });
});
