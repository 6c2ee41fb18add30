// Pictor change table-percent-columns-measured (src/pictor-table-fit.ts `percentFillWidth`, src/layout.ts): a table
// without a width of its own that @pictor/core makes `width: 100%; max-width: <estimate>px` for its percentage columns
// (`data-pictor-table-percent-fill` on the grid) is as wide as Chromium's auto table layout asks: each percentage
// column's measured max-content width ÷ its share, the others' ÷ what the percentages leave, then the border spacing
// (the grid's gaps and padding) and the table's borders. Core's estimate was a few px short and left the spacing out,
// so the 25% column's longest cell wrapped. Chromium repro: packages/core/test/repros/table-percent-columns-measured.html.
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const text = { display: 'block', padding: '1px', fontFamily: 'Inter', fontSize: 16 };

function cell(place: string, content: string) {
  return hp('td', { 'data-pictor-table-column': place, style: text }, content);
}

/** The max-content border box width of a text in a cell (a flex item at max-content). */
async function maxContent(content: string) {
  const column = hp(
    'div',
    { style: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' } },
    hp('td', { style: { ...text, width: 'max-content' } }, content),
  );
  const { boxes: found } = await boxes(column, { width: 2000, height: 200 });
  return found.find((b) => b.type === 'td')!.width;
}

/** A 25% column and an auto one in a table whose width core estimated `estimate` px; its box and its cells. */
async function table(estimate: number, first: string, second: string, fill = true) {
  const grid = hp(
    'section',
    {
      'data-pictor-table-fit': '25% a',
      ...(fill ? { 'data-pictor-table-percent-fill': '' } : {}),
      style: {
        display: 'grid',
        boxSizing: 'border-box',
        width: '100%',
        maxWidth: estimate,
        padding: '2px',
        columnGap: '2px',
        border: '3px solid black',
        gridTemplateColumns: 'calc(25% - 0.5px) minmax(min-content, 1fr)',
      },
    },
    cell('0 1', first),
    cell('1 1', second),
  );
  const root = hp('div', { style: { display: 'flex', flexDirection: 'column', width: 780 } }, grid);
  const { boxes: found } = await boxes(root, { width: 780, height: 300 });
  return {
    grid: found.find((b) => b.type === 'section')!,
    cells: found.filter((b) => b.type === 'td'),
  };
}

describe('a table whose percentage column asks a width of it', () => {
  it('is that column’s max-content width ÷ its share, with the spacing and borders on top', async () => {
    const first = 'Systems Programming';
    const max = await maxContent(first);
    // Core's estimate a few px short, as on the résumé's skills table.
    const { grid, cells } = await table(Math.floor(max * 4) - 4, first, 'C C++ Rust Linux SIMD');
    expect(Math.abs(grid.width - (max * 4 + 2 + 2 * 2 + 3 * 2))).toBeLessThanOrEqual(1);
    // The 25% column's text stays on one line, as in Chromium.
    expect(cells[0]!.height).toBe(cells[1]!.height);
    expect(Math.abs(cells[0]!.width - max)).toBeLessThanOrEqual(1);
  });

  it('takes the other columns’ max-content ÷ what the percentages leave when that is wider', async () => {
    const second = 'A longer description of the keywords in the second column';
    const max = await maxContent(second);
    const { grid } = await table(100, 'Short', second);
    // The boxes here are whole px: the measured max-content width within 1 px, × 4/3.
    expect(Math.abs(grid.width - ((max * 100) / 75 + 2 + 2 * 2 + 3 * 2))).toBeLessThanOrEqual(1.5);
  });

  it('never wider than its container', async () => {
    const second = 'A longer description of the keywords in the second column, long enough to wrap in 780 px';
    const { grid } = await table(100, 'Short', second);
    expect(grid.width).toBe(780);
  });

  it('keeps the estimate without the prop', async () => {
    const { grid } = await table(300, 'Systems Programming', 'C C++ Rust Linux SIMD', false);
    expect(grid.width).toBe(300);
  });
});
