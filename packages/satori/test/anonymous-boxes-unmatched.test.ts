// Pictor change anonymous-boxes-unmatched: a box with `data-pictor-anonymous` (the anonymous table @pictor/core builds
// around table cells whose parent is no table, CSS 2.1 §17.2.1) is no element for selectors: its children are matched
// as its parent's (`ul > li`, `li:nth-child(2)`), and no rule matches it. Chromium repro:
// packages/core/test/repros/anonymous-table-cells.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const css = '.list > .item { height: 20px } .item:nth-child(2) { height: 30px } .list > * { height: 70px }';

/** The heights of the boxes whose type is `li`, in document order. */
async function itemHeights(wrapperProps: Record<string, unknown>) {
  const tree = h(
    'div',
    { display: 'flex', width: 200, height: 200 },
    hp('style', {}, css),
    hp(
      'div',
      { class: 'list', style: { display: 'block', width: 200 } },
      hp(
        'pictor-table',
        { ...wrapperProps, style: { display: 'block' } },
        hp('li', { class: 'item', style: { display: 'block' } }),
        hp('li', { class: 'item', style: { display: 'block' } }),
      ),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 200, height: 200 });
  return {
    items: found.filter((b) => b.type === 'li').map((b) => b.height),
    wrapper: found.find((b) => b.type === 'pictor-table')?.height,
  };
}

describe('anonymous boxes and selectors', () => {
  it("match their children as their parent's children, and match no rule themselves", async () => {
    // `.list > *` would give the wrapper 70px; the items get 20px, the second 30px (`:nth-child(2)` is the later rule).
    expect(await itemHeights({ 'data-pictor-anonymous': '' })).toEqual({ items: [20, 30], wrapper: 50 });
  });

  it('a box without the prop is an element as before', async () => {
    const { items } = await itemHeights({});
    expect(items).not.toEqual([20, 30]);
  });
});
