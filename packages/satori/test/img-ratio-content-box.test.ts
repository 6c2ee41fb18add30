// Pictor change img-ratio-content-box (src/handler/compute.ts, `setReplacedElementSize`): a picture's natural ratio
// is that of its content box, also with `box-sizing: border-box`. A picture with a percentage width or max-width is
// sized by the layout engine, which applies an aspect ratio to the border box with border-box: Read the Docs' logo
// (2000×400, `width: auto; height: auto; max-width: 100%; padding: 5px`, every box border-box) was 262 × 52.4 in a
// 262 px box instead of 262 × 60.4 as in Chrome, and every line of the sidebar below it 8 px too high. Chromium
// repro: packages/core/test/repros/img-ratio-content-box.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const src = `data:image/svg+xml;utf8,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='2000' height='400'><rect width='2000' height='400' fill='red'/></svg>",
)}`;

async function imgBox(style: Record<string, unknown>) {
  const img = hp('img', {
    src,
    style: { display: 'block', boxSizing: 'border-box', padding: 5, ...style },
  });
  const { boxes: found } = await boxes(h('div', { display: 'block', width: 300 }, img), {
    width: 300,
    height: 200,
  });
  return found.find((b) => b.type === 'img');
}

describe('a border-box picture with padding sized by a percentage', () => {
  it('under max-width: 100% keeps the ratio of its content box', async () => {
    // content 290 × 58, with the padding 300 × 68 (the border box's ratio gave 60).
    expect(await imgBox({ width: 'auto', height: 'auto', maxWidth: '100%' })).toMatchObject({
      width: 300,
      height: 68,
    });
  });

  it('with width: 100%, the same', async () => {
    expect(await imgBox({ width: '100%' })).toMatchObject({ width: 300, height: 68 });
  });

  it('with a border too', async () => {
    // content 284 × 56.8, with padding and a 3 px border 300 × 72.8.
    const box = await imgBox({ width: '100%', border: '3px solid blue' });
    expect(box?.width).toBe(300);
    expect(box?.height).toBeCloseTo(72.8, 0);
  });

  it('with content-box sizing, as before: the ratio is of the content box', async () => {
    expect(
      await imgBox({ boxSizing: 'content-box', width: 'auto', height: 'auto', maxWidth: '100%' }),
    ).toMatchObject({
      width: 310,
      height: 70,
    });
  });
});
