// Pictor tuning leaf-filter-region (speed only): the filter functions of an element that draws no descendant get
// its own paint area as their region (border box, box shadows, outline, what blur and drop shadows add), not the
// whole image, which resvg filtered pixel by pixel (Pico's 20 × 30 px chevron, `brightness(0) invert(1)`, filtered a
// 1280 × 2000 canvas). The pixels are the same; an element with descendants keeps the image as the region; a
// transformed one gets its area where its shapes are drawn.
import { describe, expect, it } from 'vitest';
import { type Element, h, pixels, render } from './render.js';

function page(): Element {
  return h(
    'div',
    { display: 'flex', width: 400, height: 200, background: '#fff', padding: 20, gap: 20 },
    h('div', {
      width: 20,
      height: 30,
      background: '#c33',
      filter: 'brightness(0) invert(1)',
      borderRadius: 4,
    }),
    h('div', {
      width: 40,
      height: 40,
      background: '#36c',
      filter: 'blur(3px) drop-shadow(4px 6px 2px #000)',
    }),
    h('div', {
      width: 40,
      height: 40,
      background: '#3a3',
      boxShadow: '0 0 10px #000',
      filter: 'grayscale(1)',
    }),
    h(
      'div',
      { display: 'flex', width: 60, height: 40, filter: 'invert(1)' },
      h('div', { width: 80, height: 20, background: '#999' }),
    ),
    h('div', {
      width: 20,
      height: 30,
      background: '#c33',
      filter: 'invert(1)',
      transform: 'translate(10px, 5px)',
    }),
  );
}

const regions = (svg: string) =>
  [
    ...svg.matchAll(
      /<filter id="satori_f-[^"]*" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/g,
    ),
  ].map((m) => m.slice(1).map(Number));

describe('filter regions of elements without descendants', () => {
  it('are their paint area, with the same pixels', async () => {
    const on = await render(page(), { width: 400, height: 200 });
    const off = await render(page(), { width: 400, height: 200, pictorTunings: { leafFilterRegion: false } });
    const [chevron, blurred, shadowed, parent, moved] = regions(on);
    // 20 × 30 box at (20, 20) and 2 px: 24 × 34.
    expect(chevron).toEqual([18, 18, 24, 34]);
    // Blur 3 px (×3) and a drop shadow (2 × 3 + 4 + 6) around a 40 px box.
    expect(blurred?.[2]).toBe(40 + 2 * (2 + 9 + 16));
    // The box shadow's blur is inside the region.
    expect(shadowed?.[2]).toBeGreaterThan(60);
    // An element with a child (which overflows it) keeps the image.
    expect(parent).toEqual([0, 0, 400, 200]);
    // Under a transform, where its shapes are drawn: 10 px right and 5 px down of its box at (260, 20).
    expect(moved).toEqual([268, 23, 24, 34]);
    expect(regions(off)[0]).toEqual([0, 0, 400, 200]);
    const [a, b] = [await pixels(on), await pixels(off)];
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
    expect(worst).toBeLessThanOrEqual(1);
  });
});
