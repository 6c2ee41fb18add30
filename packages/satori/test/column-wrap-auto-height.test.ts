// Pictor change column-wrap-auto-height: a column flex container with flex-wrap: wrap and an auto height is as tall
// as its items in one column and never wraps, as in Chrome; the layout engine wrapped it at the space a grid area
// with padding and gaps offered (JSON Resume "even": the header's contact list came out in two columns). Chromium
// repro: packages/core/test/repros/grid-inherit-template.html's contact list (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const item = (n: number) => h('div', { display: 'block' }, `item ${n}`);

async function itemLefts(listStyle: Record<string, unknown>) {
  const list = h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      flexWrap: 'wrap',
      rowGap: 5.6,
      columnGap: 14,
      gridColumn: 2,
      ...listStyle,
    },
    ...[1, 2, 3, 4].map(item),
  );
  const header = h(
    'div',
    { display: 'grid', gridTemplateColumns: '20px 160px 20px', gap: 20, paddingTop: 20, paddingBottom: 20 },
    h('div', { display: 'block', gridColumn: 2 }, 'name'),
    h(
      'div',
      { display: 'block', gridColumn: 2 },
      'a summary long enough to wrap over a few lines in its column',
    ),
    list,
  );
  const tree = h('div', { display: 'grid', gridTemplateColumns: '200px', width: 200 }, header);
  const { boxes: found } = await boxes(tree, { width: 200, height: 300 });
  return found.slice(-4).map((b) => b.left);
}

describe('a column flex container that wraps', () => {
  it('stays in one column with an auto height, in a grid area with padding and gaps', async () => {
    expect(await itemLefts({})).toEqual([40, 40, 40, 40]);
  });

  it('still wraps at a height of its own', async () => {
    const lefts = await itemLefts({ height: 45 });
    expect(lefts[0]).toBe(40);
    expect(lefts[3]).toBeGreaterThan(40);
  });
});
