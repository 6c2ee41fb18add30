// Pictor change inline-table-first-baseline (src/text/inline.ts, firstItemBaseline): an inline grid (an inline
// table, whose rows are `display: contents`) stands on its first item's first baseline, as Chrome aligns inline
// tables by their first row; satori skipped the rows and took the box's bottom, and an item's last line. Chromium
// repro: packages/core/test/repros/inline-table-floaters.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const inlineTable = (lines: number) =>
  h(
    'div',
    { display: 'inline-grid', width: 120, verticalAlign: 'baseline' },
    h(
      'div',
      { display: 'contents' },
      h('div', { display: 'block', width: 100 }, Array(lines).fill('word').join(' ')),
    ),
  );

describe('inline grids side by side on a line', () => {
  it('align their first lines, whatever their heights', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 300, fontSize: 16, lineHeight: 1.5 },
      inlineTable(1),
      inlineTable(6),
    );
    const { boxes: found } = await boxes(tree, { width: 300, height: 300 });
    const grids = found.filter((b) => b.type === 'div' && b.width === 120);
    expect(grids).toHaveLength(2);
    expect(grids[0]?.top).toBe(grids[1]?.top);
  });
});
