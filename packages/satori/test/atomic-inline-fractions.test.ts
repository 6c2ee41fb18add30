// Pictor change atomic-inline-fractions (src/text/inline.ts `layoutAtomic`, `placeAtomic`; src/layout-engine/index.ts
// `roundPlacedTree`): an atomic inline is laid out on its own unrounded, so its line gets its exact size, and its
// edges (and its descendants') are rounded where it is on the page, from where its paragraph was laid out. satori
// rounded it on its own first: Pico's 62.5 px inputs, one per line, took 63 px each, so each sat half a pixel lower
// than Chromium's. Chromium repro: packages/core/test/repros/atomic-inline-fractions.html (html-chromium-repros).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function stacked(count: number, height: number, top = 0) {
  const box = () =>
    h('div', {
      display: 'inline-block',
      width: '100%',
      height,
      backgroundColor: 'blue',
      verticalAlign: 'top',
    });
  const tree = h(
    'div',
    { display: 'block', width: 100, paddingTop: top, fontSize: 10, lineHeight: '10px' },
    ...Array.from({ length: count }, box),
  );
  const { boxes: found } = await boxes(tree, { width: 100, height: 400 });
  return found.filter((b) => b.type === 'div').slice(1);
}

describe('inline-blocks of fractional heights, one per line', () => {
  it('take their exact heights on their lines', async () => {
    const laid = await stacked(8, 20.5);
    // 8 × 20.5 = 164: the eighth starts at 143.5, rounded to 144 (not 8 × 21).
    expect(laid.map((b) => b.top)).toEqual([0, 21, 41, 62, 82, 103, 123, 144]);
  });

  it('are rounded where they are: edges on whole pixels, sizes from their edges', async () => {
    const laid = await stacked(4, 20.5, 0.25);
    for (const b of laid) {
      expect(Number.isInteger(b.top)).toBe(true);
      expect(Number.isInteger(b.height)).toBe(true);
    }
    // Edges at 0.25, 20.75, 41.25, 61.75 and 82.25.
    expect(laid.map((b) => [b.top, b.height])).toEqual([
      [0, 21],
      [21, 20],
      [41, 21],
      [62, 20],
    ]);
  });
});

describe('an inline-block with text inside', () => {
  it('keeps its content where it was laid out', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 200, paddingTop: 0.5, fontSize: 16, lineHeight: '24px' },
      h(
        'div',
        { display: 'inline-block', padding: 3.5, backgroundColor: 'blue' },
        h('div', { height: 10.5 }),
      ),
    );
    const { boxes: found } = await boxes(tree, { width: 200, height: 100 });
    const [, block, inner] = found;
    // The inner box 3.5 px inside the block's padding edge, rounded on its own edges.
    expect(inner.top - block.top).toBeGreaterThanOrEqual(3);
    expect(inner.top - block.top).toBeLessThanOrEqual(4);
    expect(block.height).toBeGreaterThanOrEqual(17);
    expect(block.height).toBeLessThanOrEqual(18);
  });
});
