// Pictor change inline-table-backdrop-skipped: an inline table (core lays it out as an inline grid) stands on the
// baseline of its first row's cells. Core puts the boxes that paint a row's, column's or baseline cell's background
// and borders (`data-pictor-backdrop`) before the cells; the baseline was taken from the first item, a backdrop with no
// line, so the table stood on its bottom edge. Chromium repro: packages/core/test/repros/inline-table-from-sheet.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

async function draw(withBackdrop: boolean) {
  const place = { gridRow: '1 / span 1', gridColumn: '1 / span 1' };
  const cells = [
    ...(withBackdrop
      ? [
          hp('div', {
            'data-pictor-backdrop': '',
            style: { display: 'block', backgroundColor: '#ccccff', ...place },
          }),
        ]
      : []),
    hp(
      'div',
      { style: { display: 'block', padding: 4, alignSelf: 'baseline', ...place } },
      hp('div', { style: { display: 'block' } }, 'first'),
      hp('div', { style: { display: 'block' } }, 'second'),
    ),
  ];
  const svg = await render(
    hp(
      'div',
      { style: { display: 'flex', width: 200, height: 80, backgroundColor: '#fff' } },
      hp(
        'div',
        { style: { display: 'block', width: 200, fontSize: 14, lineHeight: '20px' } },
        'Text ',
        hp(
          'div',
          { style: { display: 'inline-grid', backgroundColor: withBackdrop ? undefined : '#ccccff' } },
          ...cells,
        ),
        ' after',
      ),
    ),
    { width: 200, height: 80 },
  );
  return pixels(svg);
}

describe('an inline table whose first grid item is a backdrop', () => {
  it('stands on its first cell’s first line, as without the backdrop', async () => {
    const [withBackdrop, without] = await Promise.all([draw(true), draw(false)]);
    expect(withBackdrop.equals(without)).toBe(true);
  });
});
