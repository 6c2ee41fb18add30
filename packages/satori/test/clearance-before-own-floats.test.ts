// Pictor change clearance-before-own-floats: a block with `clear` whose own floats come first in it is placed at its
// hypothetical position, or just below the floats it clears when they reach lower (CSS 2 §9.5.2); the layout engine
// put it at the bottom of those floats even when that was above its hypothetical position, over the content before
// it (OpenHTMLtoPDF's cafe menu: `h4 { clear: both }` holding a floated price). Chromium repro:
// packages/core/test/repros/clearance-before-own-floats.html (core's html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const block = (style: Record<string, unknown>, ...children: unknown[]) =>
  h('div', { display: 'block', ...style }, ...children);
const float = (height: number) => h('div', { float: 'right', width: 30, height });

/** The tops of a cleared block holding a float first, and of its float, after `before` in a 200 px column. */
async function clearedTops(before: unknown[], cleared: Record<string, unknown> = {}) {
  const tree = block(
    { width: 200 },
    ...before,
    block({ clear: 'both', ...cleared }, float(25), block({ height: 40 })),
    block({ height: 5 }),
  );
  const { boxes: found } = await boxes(tree, { width: 200, height: 300 });
  const [box, itsFloat, , after] = found.slice(-4);
  return { block: box.top, float: itsFloat.top, after: after.top };
}

/** A block 40 px tall beginning with a float `floatHeight` px tall, then a block 20 px tall. */
const earlier = (floatHeight: number) => [
  block({}, float(floatHeight), block({ height: 40 })),
  block({ height: 20 }),
];

describe('a cleared block whose own float comes first', () => {
  it('stays at its place when the floats it clears end above it', async () => {
    expect(await clearedTops(earlier(25))).toEqual({ block: 60, float: 60, after: 100 });
  });

  it('counts its top margin in that place', async () => {
    expect(await clearedTops(earlier(25), { marginTop: 10 })).toEqual({ block: 70, float: 70, after: 110 });
  });

  it('goes just below floats that reach past that place', async () => {
    expect(await clearedTops(earlier(70))).toEqual({ block: 70, float: 70, after: 110 });
    expect(await clearedTops(earlier(90), { marginTop: 10 })).toEqual({ block: 90, float: 90, after: 130 });
  });

  it('stays at its place when its float is inside its first child', async () => {
    const tree = block(
      { width: 200 },
      ...earlier(25),
      block({ clear: 'both' }, block({}, float(25), block({ height: 40 }))),
    );
    const { boxes: found } = await boxes(tree, { width: 200, height: 300 });
    expect(found.slice(-4).map((box) => box.top)).toEqual([60, 60, 60, 60]);
  });

  it('keeps menu items one below the other (text and a floated price in each heading)', async () => {
    const item = (price: string, title: string) =>
      block(
        {},
        block(
          { clear: 'both' },
          h('span', { display: 'block', float: 'right', lineHeight: '28px' }, price),
          h('span', { lineHeight: '28px' }, title),
        ),
        block({ height: 20 }),
      );
    const tree = block({ width: 200 }, item('$10', 'Toast'), item('$9', 'Vegemite'));
    const { boxes: found } = await boxes(tree, { width: 200, height: 300 });
    const items = found.filter(
      (box, index) => index > 0 && box.left === 0 && box.width === 200 && box.height === 48,
    );
    expect(items.map((box) => box.top)).toEqual([0, 48]);
    const prices = found.filter((box) => box.type === 'span' && box.left > 100);
    expect(prices.map((box) => box.top)).toEqual([0, 48]);
  });
});
