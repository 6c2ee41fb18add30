// Pictor change img-percent-width-px-limits (src/handler/compute.ts, setReplacedElementSize): a picture with a
// percentage width clamped by a px max-width or min-width keeps the ratio of its clamped width, as in Chrome; the
// height followed the unclamped width (react-email's `width: 100%; max-width: 269px` pictures were 10 px too tall).
// Chromium repro: packages/core/test/repros/img-percent-width-px-limits.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const src = `data:image/svg+xml;utf8,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='800' height='526'><rect width='800' height='526' fill='green'/></svg>",
)}`;

async function imgBox(boxWidth: number, imgStyle: Record<string, unknown>) {
  const img = hp('img', { src, width: 269, style: { display: 'block', ...imgStyle } });
  const { boxes: found } = await boxes(h('div', { display: 'block', width: boxWidth }, img), {
    width: 600,
    height: 400,
  });
  return found.find((b) => b.type === 'img');
}

describe('a picture of width: 100% under px limits', () => {
  it('takes the height of the width max-width leaves it', async () => {
    expect(await imgBox(284, { width: '100%', maxWidth: 269 })).toMatchObject({ width: 269, height: 177 });
  });

  it('and of the width min-width gives it', async () => {
    expect(await imgBox(100, { width: '100%', minWidth: 160 })).toMatchObject({ width: 160, height: 105 });
  });

  it('keeps the ratio of its box when the limit does not bite', async () => {
    expect(await imgBox(200, { width: '100%', maxWidth: 269 })).toMatchObject({ width: 200, height: 132 });
  });
});
