// Pictor change bidi-numbers: numbers joined by separators keep their order inside right-to-left text (UAX #9 W4–W7:
// a `:` or `/` between digits is part of the number), as in Chrome. satori 0.63.2 resolved each word-segmenter piece
// on its own, so a lone `:` between two numbers took the paragraph's direction and 10:02 came out as 02:10.
// Chromium repro: packages/core/test/repros/bidi-numbers.html (html-bidi.test.ts).
import { describe, expect, it } from 'vitest';
import { h, leftToRight, textPieces } from './render.js';

const paragraph = (text: string) =>
  h(
    'div',
    { display: 'block', width: 500, direction: 'rtl', fontFamily: 'Inter, Hebrew, Arabic', fontSize: 16 },
    text,
  );

describe('numbers in right-to-left text', () => {
  it('keep times and dates in order (10:02, 2025/04/18)', async () => {
    const pieces = leftToRight(
      await textPieces(paragraph('בשעה 10:02 ביום 2025/04/18'), { width: 500, height: 60 }),
    );
    // From the left: the date, the last word, the time, the first word.
    expect(pieces).toEqual(['2025', '/', '04', '/', '18', 'ביום', '10', ':', '02', 'בשעה']);
  });

  it('keep Arabic-Indic numbers with their separators in order', async () => {
    const pieces = leftToRight(await textPieces(paragraph('الساعة ١٠:٣٠ صباحا'), { width: 500, height: 60 }));
    expect(pieces).toEqual(['صباحا', '١٠', ':', '٣٠', 'الساعة']);
  });

  it('keep a price and a phone number in order', async () => {
    const pieces = leftToRight(
      await textPieces(paragraph('מחיר 1,234.50 טלפון 03-555-1234'), { width: 500, height: 60 }),
    );
    expect(pieces.join(' ')).toBe('03 - 555 - 1234 טלפון 1,234.50 מחיר');
  });
});
