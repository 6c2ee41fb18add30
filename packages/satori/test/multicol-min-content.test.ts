// Pictor change multicol-min-content (src/pictor-multicol.ts `measure`): a multi-column box's min-content width is
// Chromium's: with `column-count` alone, that many columns of the content's min-content width and the gaps between;
// with a `column-width`, one column, the narrower of that width and the content's min-content width. satori's was
// one column at least `column-width` wide, so a `column-count: 3` box in a `1fr` grid track was squeezed into the
// track's share. Chromium repro: packages/core/test/repros/multicol-min-content.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const block = () => h('div', { display: 'block', width: 150, height: 20, backgroundColor: 'blue' });

/** A two-track grid 600 px wide (20 px gap) whose second item holds a multi-column box of 150 px wide blocks. */
async function secondTrack(columns: string, multicol: Record<string, unknown>) {
  const tree = h(
    'div',
    { display: 'grid', gridTemplateColumns: columns, columnGap: 20, width: 600 },
    h('div', { display: 'block', height: 20 }),
    h('div', { display: 'block' }, h('div', { display: 'block', ...multicol }, block(), block(), block())),
  );
  const { boxes: found } = await boxes(tree, { width: 600, height: 200 });
  const items = found.filter((b) => b.type === 'div');
  return items[2]!;
}

describe('the min-content width of a multi-column box', () => {
  it('is column-count columns of its content and the gaps between (1fr 1fr: the second track 482 px)', async () => {
    // Chromium: 3 × 150 + 2 × 16 = 482 px floors the second 1fr track; the first takes 600 − 20 − 482 = 98.
    const item = await secondTrack('1fr 1fr', { columnCount: 3, columnGap: 16 });
    expect(item).toMatchObject({ left: 118, width: 482 });
  });

  it('is the narrower of column-width and the content (min-content track: 150 px, not 200)', async () => {
    const item = await secondTrack('1fr min-content', { columnWidth: 200 });
    expect(item).toMatchObject({ left: 450, width: 150 });
  });
});
