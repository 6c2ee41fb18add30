// Pictor change img-percent-width-shrink-to-fit: an <img> with a percentage width and an auto height (`width: 100%;
// max-width: 300px`, sparksuite's invoice logo) in a box sized by its content (a flex item without a width, an
// inline-block, a float, a table column) counts with its natural width there, capped by a px max-width, then takes
// the percentage of the box it gets, as in Chrome; it collapsed to 0 px. Chromium repro:
// packages/core/test/repros/img-percent-width-shrink-to-fit.html (html-chromium-repros.test.ts). Without size attributes, as
// in the page (a `height` attribute would be the picture's height, as in browsers).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const src = `data:image/svg+xml;utf8,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='80' height='40'><rect width='80' height='40' fill='green'/></svg>",
)}`;

async function imgBox(imgStyle: Record<string, unknown>, itemStyle: Record<string, unknown> = {}) {
  const img = hp('img', { src, style: { display: 'block', ...imgStyle } });
  const tree = h('div', { display: 'flex', width: 300, alignItems: 'flex-start' }, h('div', itemStyle, img));
  const { boxes: found } = await boxes(tree, { width: 300, height: 100 });
  return found.find((b) => b.type === 'img');
}

describe('a picture with a percentage width in a shrink-to-fit flex item', () => {
  it('keeps its natural size', async () => {
    expect(await imgBox({ width: '100%' })).toMatchObject({ width: 80, height: 40 });
  });

  it('is capped by a px max-width', async () => {
    expect(await imgBox({ width: '100%', maxWidth: 60 })).toMatchObject({ width: 60, height: 30 });
  });

  it('takes its percentage of the item the natural width makes', async () => {
    expect(await imgBox({ width: '50%' })).toMatchObject({ width: 40, height: 20 });
  });

  it('takes its percentage of an item with a width', async () => {
    expect(await imgBox({ width: '100%' }, { width: 120 })).toMatchObject({ width: 120, height: 60 });
  });
});
