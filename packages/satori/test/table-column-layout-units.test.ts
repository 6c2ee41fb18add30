// Pictor change table-column-layout-units (src/pictor-layout-unit-text.ts): the max-content widths that weigh a
// table's auto columns (table-column-weights) keep their text's width in 1/64 px, as Chromium's LayoutUnits, instead
// of the whole pixel the layout engine rounds a measured text up to; the columns then share the table's width as in
// Chromium. Chromium repro: packages/core/test/repros/table-column-layout-units.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const text = { display: 'block', padding: 0, fontFamily: 'Inter', fontSize: 16 };
const words = 'Größe €1 350,00 illicit';

/** The max-content width of `words` to 1/64 px: laid out with the layout rounded to 1/64 px. */
async function exactWidth() {
  const row = hp(
    'div',
    { style: { display: 'flex', width: 1000 } },
    hp('td', { style: { ...text, flexShrink: 0 } }, words),
  );
  const { boxes: found } = await boxes(row, { width: 1000, height: 100, pointScaleFactor: 64 });
  return found.find((b) => b.type === 'td')!.width;
}

/**
 * A 400 px table of two weighed columns: `words`, and a 100 px box under a box as wide as the column and ten times
 * as tall (it magnifies the column's width tenfold). Its height.
 */
async function magnifiedColumn() {
  const grid = hp(
    'div',
    {
      'data-pictor-table-weights': '0 1',
      style: {
        display: 'grid',
        width: 400,
        gridTemplateColumns: 'minmax(min-content, 1fr) minmax(min-content, 1fr)',
      },
    },
    hp('td', { 'data-pictor-table-column': '0 1', style: text }, words),
    hp(
      'td',
      { 'data-pictor-table-column': '1 1', style: { ...text, display: 'flex', flexDirection: 'column' } },
      hp('div', { style: { width: 100, height: 1, flexShrink: 0 } }),
      hp('div', { key: 'tall', style: { width: '100%', aspectRatio: 0.1, flexShrink: 0 } }),
    ),
  );
  const { boxes: found } = await boxes(grid, { width: 400, height: 5000 });
  return found.filter((b) => b.type === 'div').at(-1)!.height;
}

describe('the max-content widths weighing auto columns', () => {
  it('keep the text width in 1/64 px, as Chromium shares the table', async () => {
    const w = await exactWidth();
    // Not a whole pixel: rounding it up would weigh the column otherwise.
    expect(w % 1).toBeGreaterThan(0.1);
    expect(w % 1).toBeLessThan(0.9);
    const column = (400 * 100) / (w + 100);
    expect(Math.abs((await magnifiedColumn()) - 10 * column)).toBeLessThanOrEqual(1);
  });
});
