// Pictor change bidi-astral-classes: a character outside the BMP takes its own bidi class in the paragraph's
// levels. bidi-js classifies UTF-16 code units, so both halves of an emoji's surrogate pair were L: `👍 1.2K` at the
// start of a right-to-left paragraph stayed one left-to-right run with the emoji at the left end, where Chromium puts
// it at the right (the emoji is ON; before a number, N1 gives it the paragraph's R). Script card emoji-rtl-arabic.
import { describe, expect, it } from 'vitest';
import { h, leftToRight, textPieces } from './render.js';

const paragraph = (text: string) =>
  h(
    'div',
    { display: 'block', width: 500, direction: 'rtl', fontFamily: 'Inter, Hebrew, Arabic', fontSize: 16 },
    text,
  );

describe('characters outside the BMP in right-to-left text', () => {
  it('an emoji that starts a right-to-left line before a number goes to its right end', async () => {
    const pieces = leftToRight(await textPieces(paragraph('👍 12 שלום'), { width: 500, height: 60 }));
    // From the left: the Hebrew word, the number, the emoji (the paragraph's order, right to left).
    expect(pieces).toEqual(['שלום', '12', '👍']);
  });

  it('a left-to-right character outside the BMP stays left to right with its Latin neighbours', async () => {
    // U+1D400 MATHEMATICAL BOLD CAPITAL A is L.
    const pieces = leftToRight(await textPieces(paragraph('שלום x 𝐀 y'), { width: 500, height: 60 }));
    expect(pieces).toEqual(['x', '𝐀', 'y', 'שלום']);
  });
});
