// Pictor change atomic-inline-tables (src/text/inline.ts `layoutAtomic`): a table inside an atomic inline (an
// `inline-block` panel of `width: 100%`) narrower than its columns want gets Chromium's column widths
// (table-narrow-columns) as it does elsewhere. An atomic inline is laid out on its own, outside the tree whose
// tables are fitted after the layout, so its tables kept the grid's own sharing. Chromium repro:
// packages/core/test/repros/atomic-inline-tables.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const text = { display: 'block', padding: 0, fontFamily: 'Inter', fontSize: 16 };

function cell(place: string, content: string) {
  return hp('td', { 'data-pictor-table-column': place, style: text }, content);
}

const long = 'A long description that wraps onto several lines here';
const short = 'Short words too';

/** The cells' widths of a 300 px table of two auto columns, in a box of the `display` given. */
async function cellWidths(display: 'block' | 'inline-block') {
  const grid = hp(
    'div',
    {
      'data-pictor-table-fit': 'a a',
      style: {
        display: 'grid',
        width: '100%',
        gridTemplateColumns: 'minmax(min-content, 1fr) minmax(min-content, 1fr)',
      },
    },
    cell('0 1', long),
    cell('1 1', short),
  );
  const panel = hp('div', { style: { display, width: '100%' } }, grid);
  const root = hp('div', { style: { display: 'block', width: 300 } }, panel);
  const { boxes: found } = await boxes(root, { width: 300, height: 400 });
  return found.filter((b) => b.type === 'td').map((b) => b.width);
}

describe('a narrow table in an atomic inline', () => {
  it('gets the column widths it gets in a block', async () => {
    const block = await cellWidths('block');
    const inline = await cellWidths('inline-block');
    expect(block[0]! + block[1]!).toBe(300);
    // Chromium's sharing: the long text's column wider than half.
    expect(block[0]!).toBeGreaterThan(160);
    expect(inline).toEqual(block);
  });
});
