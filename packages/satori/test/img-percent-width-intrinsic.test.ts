// Pictor change img-percent-width-intrinsic: an <img> with `max-width: 100%` (Tailwind's preflight) in a flex item
// sized by its content keeps its natural width, as in Chrome; it collapsed to 0 px. Chromium repro:
// packages/core/test/repros/img-max-width-flex-item.html (html-chromium-repros.test.ts). With its size attributes, as
// @pictor/core gives every picture.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const src = `data:image/svg+xml;utf8,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='80' height='40'><rect width='80' height='40' fill='green'/></svg>",
)}`;

async function imgBox(itemStyle: Record<string, unknown>) {
  const img = hp('img', {
    src,
    width: 80,
    height: 40,
    style: { maxWidth: '100%', height: 'auto', display: 'block' },
  });
  const tree = h('div', { display: 'flex', width: 300, alignItems: 'flex-start' }, h('div', itemStyle, img));
  const { boxes: found } = await boxes(tree, { width: 300, height: 100 });
  return found.find((b) => b.type === 'img');
}

describe('a picture under max-width: 100% in a shrink-to-fit flex item', () => {
  it('keeps its natural size', async () => {
    expect(await imgBox({ display: 'block' })).toMatchObject({ width: 80, height: 40 });
  });

  it('is still capped by a narrower item', async () => {
    expect(await imgBox({ display: 'block', width: 40 })).toMatchObject({ width: 40, height: 20 });
  });
});
