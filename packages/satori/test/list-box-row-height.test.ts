/**
 * Pictor change list-box-row-height (src/form-control.ts, `getSelectContent`): the rows of a list box (`<select
 * size>` or `multiple`) are the font's normal line tall (at least 1.2em) plus their 1 px bottom padding, whatever the
 * select's line-height: Chromium's 18 px Inter rows are 22.59 px at `line-height: 1.65` (29.7 px), so a `size=4`
 * list box is 92.375 px tall (measured with getBoundingClientRect). satori gave each row the inherited line-height.
 * Chromium repro: packages/core/test/repros/list-box-row-height.html.
 */
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function listBoxHeight(lineHeight: number) {
  const { boxes: found } = await boxes(
    h(
      'div',
      {
        display: 'flex',
        alignItems: 'flex-start',
        width: 300,
        fontFamily: 'Inter',
        fontSize: 18,
        lineHeight,
      },
      hp(
        'select',
        { size: 4, style: { font: 'inherit', lineHeight } },
        ...['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((label) => hp('option', {}, label)),
      ),
    ),
    { width: 300, height: 200 },
  );
  return found.find((b) => b.type === 'select')!.height;
}

describe('a list box', () => {
  it.each([1.65, 2, 1])('has rows of the normal line at line-height %d', async (lineHeight) => {
    // Chromium: 4 rows of 22.59375 px and the 1 px border on each side.
    expect(await listBoxHeight(lineHeight)).toBeCloseTo(92.375, 0);
  });
});
