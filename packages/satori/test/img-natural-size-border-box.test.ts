// Pictor change img-natural-size-border-box (src/handler/compute.ts, `setReplacedElementSize`): a picture that
// nothing sizes has its natural size as its content box, so with `box-sizing: border-box` its padding and border
// come around it, as in Chrome. satori took the natural width as the border box: Bulma's login avatar (300×200,
// `padding: 5px`, every box border-box) was 300×203 instead of 310×210. Chromium repro:
// packages/core/test/repros/img-natural-size-border-box.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const src = `data:image/svg+xml;utf8,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='120' height='60'><rect width='120' height='60' fill='red'/></svg>",
)}`;

async function imgBox(props: Record<string, unknown>, style: Record<string, unknown>) {
  const img = hp('img', {
    src,
    ...props,
    style: { display: 'block', boxSizing: 'border-box', padding: 5, border: '3px solid blue', ...style },
  });
  const { boxes: found } = await boxes(h('div', { display: 'block', width: 300 }, img), {
    width: 300,
    height: 200,
  });
  return found.find((b) => b.type === 'img');
}

describe('a border-box picture', () => {
  it('of its natural size has its padding and border around it', async () => {
    expect(await imgBox({ __naturalSize: true }, { height: 'auto', maxWidth: '100%' })).toMatchObject({
      width: 136,
      height: 76,
    });
  });

  it('with width: auto, the same', async () => {
    expect(await imgBox({}, { width: 'auto', height: 'auto' })).toMatchObject({ width: 136, height: 76 });
  });

  it('with a width attribute, that is its border box', async () => {
    // 80 px: a content box of 64 × 32.
    expect(await imgBox({ width: 80 }, {})).toMatchObject({ width: 80, height: 48 });
  });
});
