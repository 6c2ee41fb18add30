// Pictor change table-column-weights (src/pictor-table-columns.ts): the auto columns of a table that @pictor/core
// translates into a grid (`minmax(min-content, <weight>fr)` tracks, `data-pictor-table-weights` on the grid,
// `data-pictor-table-column` on its cells) are weighted by their cells' max-content widths measured with the fonts
// of their text, as Chromium's auto table layout shares a table's width; core's weights were estimates (Inter's
// ASCII advances). Chromium repros: packages/core/test/repros/table-columns-real-fonts.html and
// table-columns-colspan-percent.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const text = { display: 'block', padding: 0, fontFamily: 'Inter', fontSize: 16 };

function cell(place: string, content: string, style: Record<string, unknown> = {}) {
  return hp('td', { 'data-pictor-table-column': place, style: { ...text, ...style } }, content);
}

/** A 400 px grid of two columns, each first weighed 1, with the cells given. */
async function columns(cells: ReturnType<typeof cell>[], weights = '0 1') {
  const grid = hp(
    'div',
    {
      'data-pictor-table-weights': weights,
      style: {
        display: 'grid',
        width: 400,
        gridTemplateColumns: 'minmax(min-content, 1fr) minmax(min-content, 1fr)',
      },
    },
    ...cells,
  );
  const { boxes: found } = await boxes(grid, { width: 400, height: 200 });
  return found.filter((b) => b.type === 'td');
}

/** The max-content width of each text (laid out side by side in a wide flex row). */
async function maxContent(...cells: [string, Record<string, unknown>?][]) {
  const row = hp(
    'div',
    { style: { display: 'flex', width: 1000 } },
    ...cells.map(([content, style]) => hp('td', { style: { ...text, flexShrink: 0, ...style } }, content)),
  );
  const { boxes: found } = await boxes(row, { width: 1000, height: 100 });
  return found.filter((b) => b.type === 'td').map((b) => b.width);
}

describe('auto columns weighed by their cells', () => {
  it('share the width in proportion to the max-content widths of their text (accents, €, bold)', async () => {
    const [a, b] = await columns([
      cell('0 1', 'Größe €1 350,00'),
      cell('1 1', 'Übersicht', { fontWeight: 700 }),
    ]);
    const [wa, wb] = await maxContent(['Größe €1 350,00'], ['Übersicht', { fontWeight: 700 }]);
    expect(a!.width + b!.width).toBe(400);
    expect(Math.abs(a!.width - (400 * wa!) / (wa! + wb!))).toBeLessThanOrEqual(1);
  });

  it('widen the columns a cell spans when it is wider than they are together', async () => {
    const [a, b, span] = await columns([
      cell('0 1', 'ab'),
      cell('1 1', 'abcd'),
      cell('0 2', 'a long cell across both columns', { gridColumn: '1 / span 2' }),
    ]);
    const [wa, wb, wspan] = await maxContent(['ab'], ['abcd'], ['a long cell across both columns']);
    expect(span!.width).toBe(400);
    // The excess over the two columns goes to them in proportion to their widths: the weights stay 1 : 2.
    const excess = wspan! - wa! - wb!;
    const weightA = wa! + (excess * wa!) / (wa! + wb!);
    const weightB = wb! + (excess * wb!) / (wa! + wb!);
    expect(Math.abs(a!.width - (400 * weightA) / (weightA + weightB))).toBeLessThanOrEqual(1);
    expect(a!.width + b!.width).toBe(400);
  });

  it('count the borders a collapsed cell gives them, not those it draws', async () => {
    // The first cell draws no border but counts 40 px (its neighbours draw them); the second draws 40 px, counts none.
    const [a, b] = await columns([
      cell('0 1 40', 'same'),
      cell('1 1 0', 'same', { borderLeft: '20px solid black', borderRight: '20px solid black' }),
    ]);
    const [w] = await maxContent(['same']);
    expect(Math.abs(a!.width - (400 * (w! + 40)) / (2 * w! + 40))).toBeLessThanOrEqual(1);
    expect(a!.width + b!.width).toBe(400);
  });

  it('fill the table however narrow their content (flex factors under 1 would leave it part empty)', async () => {
    // Two columns of cells a quarter of a pixel wide: weights 0.25 and 0.25.
    const [a, b] = await columns([cell('0 1', '', { width: 0.25 }), cell('1 1', '', { width: 0.25 })]);
    expect(a!.left).toBe(0);
    expect(b!.left).toBe(200);
  });

  it('leave a column that is not listed as it was', async () => {
    const [a, b] = await columns([cell('0 1', 'i'), cell('1 1', 'WWWWWWWW')], '');
    expect(a!.width).toBe(200);
    expect(b!.width).toBe(200);
  });
});
