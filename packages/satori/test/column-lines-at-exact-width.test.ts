// Pictor change column-lines-at-exact-width (src/pictor-multicol.ts `place`, src/pictor-multicol-breaks.ts): the
// lines of a multi-column box break in its columns' exact width. A box of 405.5 px with a gap of 32.5 px has columns
// of 186.5 px; its paragraph was broken in 187 px (the box's width and then the paragraph's rounded up), so a line
// held a word Chromium wraps. Chromium repro: packages/core/test/repros/column-lines-at-exact-width.html.
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

const words =
  'Chapter because day method customer used the great quarterly like since not day in customer all summary into both long so great be must also should each been an did they her under will me still over payment than these more did like you invoice of back that here balance came where.';

/** The x of each drawn word of a paragraph in a box `width` px wide, in two columns `gap` px apart. */
async function wordsAt(width: number, gap: number) {
  const tree = h(
    'div',
    { display: 'block', width, columnCount: 2, columnGap: gap, fontSize: 14, lineHeight: '22px' },
    h('p', { display: 'block', margin: 0 }, words),
  );
  return textPieces(tree, { width: 440, height: 200 });
}

describe('lines in columns of a fractional width', () => {
  it('wrap in the exact column width, as a paragraph of that width does', async () => {
    // Boxes 0.5 px past a whole pixel, columns of a half pixel: each width's lines must be those of a paragraph
    // of the column's width (rounded up, some lines held one more word).
    for (let column = 150.5; column < 200; column += 3) {
      const inColumns = await wordsAt(2 * column + 32.5, 32.5);
      const alone = await textPieces(
        h('p', { display: 'block', width: column, margin: 0, fontSize: 14, lineHeight: '22px' }, words),
        { width: 440, height: 600 },
      );
      // The words that start lines (x 0), in order (each column draws the flow clipped to its part: the list
      // repeats).
      const lineStarts = (pieces: { text: string; x: number }[]) =>
        pieces.filter((p) => p.x === 0 && p.text.trim()).map((p) => p.text);
      const expected = lineStarts(alone);
      expect(lineStarts(inColumns).slice(0, expected.length), `columns of ${column} px`).toEqual(expected);
    }
  });
});
