// Pictor change hyphen-digit-breaks (src/text/pictor-ascii-breaks.ts): a line may break after a hyphen before a
// digit when the hyphen follows an ASCII letter or digit (Blink's ShouldBreakAfter: `1234-5678`, `ABCD-1234`), never
// after a hyphen that may be a minus sign (`-5`, ` -5`). UAX #14 never breaks there (LB25 HY × NU), so a column of
// `247-925-726` codes was as wide as the whole code and a phone number `555-4321` moved whole to the next line.
// Chromium repro: packages/core/test/repros/hyphen-digit-breaks.html (html-chromium-repros).
import { describe, expect, it } from 'vitest';
import { piecesBetweenBreaks } from './render.js';

const lines = piecesBetweenBreaks;

describe('a break after a hyphen before a digit, as Chromium', () => {
  it('breaks after a hyphen between digits or a letter and a digit', async () => {
    expect(await lines('247-925-726')).toBe(3);
    expect(await lines('555-4321')).toBe(2);
    expect(await lines('ABCD-1234')).toBe(2);
  });

  it('keeps a minus sign with its digits', async () => {
    expect(await lines('-5')).toBe(1);
    expect(await lines('(-5)')).toBe(1);
    expect(await lines('a -5')).toBe(2);
  });
});
