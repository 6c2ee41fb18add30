// Pictor change cell-max-width: a table cell's fixed `max-width` (given by the HTML layer as
// `data-pictor-cell-max-width`, its box width with padding) caps its min- and max-content contributions to its
// column, as Chromium's cell constraints do: LaTeXML's equation numbers (`max-width: 0em; white-space: nowrap`) take
// no width, and the formula between two `width: 50%` padding cells is centred in the table. Chromium repro:
// packages/core/test/repros/cell-max-width.html.
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

/** A 300 px table as core writes it: number | 50% | formula | 50%, the number capped at `max` (none: no cap). */
function table(max?: string) {
  const cell = (
    column: number,
    style: Record<string, unknown>,
    text?: string,
    extra: Record<string, string> = {},
  ) =>
    hp(
      'td',
      {
        style: {
          padding: 0,
          gridRow: '1 / span 1',
          gridColumn: `${column + 1} / span 1`,
          display: 'flex',
          ...style,
        },
        'data-pictor-table-column': `${column} 1 0`,
        ...extra,
      },
      ...(text ? [hp('span', { style: { whiteSpace: 'nowrap' } }, text)] : []),
    );
  return hp(
    'div',
    {
      style: {
        display: 'grid',
        width: 300,
        gridTemplateColumns: 'minmax(min-content, 33fr) 50% minmax(min-content, 57fr) 50%',
        columnGap: 0,
      },
      'data-pictor-table-weights': '0 2',
      'data-pictor-table-fit': 'a 50% a 50%',
    },
    cell(
      0,
      { whiteSpace: 'nowrap' },
      '(2.1)',
      max === undefined ? {} : { 'data-pictor-cell-max-width': max },
    ),
    cell(1, { width: 'auto', boxSizing: 'border-box' }),
    cell(2, {}, 'content'),
    cell(3, { width: 'auto', boxSizing: 'border-box' }),
  );
}

/** The laid-out boxes of the four cells, in order. */
async function cells(max?: string) {
  const laid = await boxes(table(max), { width: 300, height: 40 });
  return laid.boxes.filter((b) => b.type === 'td');
}

describe('a table cell with a max-width', () => {
  it('asks nothing of its column with max-width 0: the padding cells share the rest equally', async () => {
    const [number, left, formula, right] = await cells('0');
    expect(number!.width).toBe(0);
    expect(Math.abs(left!.width - right!.width)).toBeLessThan(1);
    expect(formula!.left).toBeCloseTo(left!.width, 0);
  });

  it('and its text-wide column without one', async () => {
    const [number, left, , right] = await cells();
    expect(number!.width).toBeGreaterThan(20);
    expect(Math.abs(left!.width - right!.width)).toBeLessThan(1);
  });
});
