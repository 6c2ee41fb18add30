// Pictor change pre-line-spaces: under `white-space: pre-line` the spaces around a preserved line break collapse
// away, in the text layout's pass as in the inline layout's: an indented `<address style="white-space: pre-line">`
// (WeasyPrint's and Indico's invoices and receipts) had every piece after a break drawn at the place of the piece
// before it. Chromium repro: packages/core/test/repros/white-space-pre-line.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

/** The words of a 300 px pre-line block at 14px, with their left edges rounded. */
async function words(text: string, display = 'block') {
  const el = h(
    'div',
    { display: 'flex', width: 400, fontSize: 14 },
    h('div', { display, whiteSpace: 'pre-line', width: 300 }, text),
  );
  const pieces = await textPieces(el, { width: 400, height: 100 });
  return pieces.filter((p) => p.text.trim()).map((p) => [p.text, Math.round(p.x)]);
}

describe('white-space: pre-line', () => {
  it('a line after a break starts at the left edge, its words where they would be without the indentation', async () => {
    expect(await words('Line one\n    Line two')).toEqual(await words('Line one\nLine two'));
    expect(await words('Line one\n    Line two')).toEqual([
      ['Line', 0],
      ['one', 32],
      ['Line', 0],
      ['two', 32],
    ]);
  });

  it('spaces before a break go too, and in a flex item', async () => {
    expect(await words('\n   WeasyPrint   \n   26 rue   Emile\n  ', 'flex')).toEqual(
      await words('\nWeasyPrint\n26 rue Emile', 'flex'),
    );
  });
});
