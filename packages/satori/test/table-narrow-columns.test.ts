// Pictor change table-narrow-columns (src/pictor-table-fit.ts): a table @pictor/core translates into a grid
// (`data-pictor-table-fit` on the grid: each column's kind; `data-pictor-table-column` on its cells) that is narrower
// than its columns' max-content widths together gets Chromium's column widths: each auto column its min-content width
// plus the same fraction of (max-content − min-content) (css-tables-3 width distribution); a grid grows its tracks
// otherwise. Chromium repro: packages/core/test/repros/table-narrow-columns.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const text = { display: 'block', padding: 0, fontFamily: 'Inter', fontSize: 16 };

function cell(place: string, content: string, style: Record<string, unknown> = {}) {
  return hp('td', { 'data-pictor-table-column': place, style: { ...text, ...style } }, content);
}

/** A grid of `width` px with the tracks and cells given, marked for the fit; the cells' boxes. */
async function table(
  width: number | 'fit-content',
  tracks: string,
  kinds: string,
  cells: ReturnType<typeof cell>[],
) {
  const grid = hp(
    'div',
    { 'data-pictor-table-fit': kinds, style: { display: 'grid', width, gridTemplateColumns: tracks } },
    ...cells,
  );
  const root = hp(
    'div',
    { style: { display: 'flex', flexDirection: 'column', width: 300, alignItems: 'flex-start' } },
    grid,
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 300 });
  return found.filter((b) => b.type === 'td');
}

/** Each text's min- and max-content widths (laid out in flex rows at min-content and without limit). */
async function contentWidths(...texts: string[]) {
  const measure = async (width: string) => {
    const column = hp(
      'div',
      { style: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' } },
      ...texts.map((content) => hp('td', { style: { ...text, width } }, content)),
    );
    const { boxes: found } = await boxes(column, { width: 2000, height: 600 });
    return found.filter((b) => b.type === 'td').map((b) => b.width);
  };
  return { min: await measure('min-content'), max: await measure('max-content') };
}

const long = 'A long description that wraps onto several lines here';
const short = 'Short words too';

describe('a table narrower than its columns want', () => {
  it('gives each auto column its minimum and the same fraction of its range (a width of its own)', async () => {
    const [a, b] = await table(300, 'minmax(min-content, 1fr) minmax(min-content, 1fr)', 'a a', [
      cell('0 1', long),
      cell('1 1', short),
    ]);
    const { min, max } = await contentWidths(long, short);
    const t = (300 - min[0]! - min[1]!) / (max[0]! - min[0]! + max[1]! - min[1]!);
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(1);
    expect(Math.abs(a!.width - (min[0]! + (max[0]! - min[0]!) * t))).toBeLessThanOrEqual(1);
    expect(a!.width + b!.width).toBe(300);
  });

  it('does so in a shrink-to-fit table too (grid `auto` tracks)', async () => {
    const [a, b] = await table('fit-content', 'auto auto', 'a a', [cell('0 1', long), cell('1 1', short)]);
    const { min, max } = await contentWidths(long, short);
    const t = (300 - min[0]! - min[1]!) / (max[0]! - min[0]! + max[1]! - min[1]!);
    expect(Math.abs(a!.width - (min[0]! + (max[0]! - min[0]!) * t))).toBeLessThanOrEqual(1);
    expect(Math.abs(b!.width - (min[1]! + (max[1]! - min[1]!) * t))).toBeLessThanOrEqual(1);
  });

  it('serves a percentage column first, the auto ones share the rest', async () => {
    const [a, b] = await table(300, '50% minmax(min-content, 1fr)', '50% a', [
      cell('0 1', long),
      cell('1 1', long),
    ]);
    expect(a!.width).toBe(150);
    expect(b!.width).toBe(150);
  });

  it('leaves a table as wide as its columns want as the grid shares it', async () => {
    const [a, b] = await table(300, 'minmax(min-content, 1fr) minmax(min-content, 3fr)', 'a a', [
      cell('0 1', 'ab'),
      cell('1 1', 'cd'),
    ]);
    expect(a!.width).toBe(75);
    expect(b!.width).toBe(225);
  });
});
