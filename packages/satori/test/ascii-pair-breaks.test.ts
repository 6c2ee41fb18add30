// Pictor change ascii-pair-breaks: between two printable ASCII characters a line breaks as Chromium's own table
// lets it (Blink's kAsciiLineBreakTable: after "-" and "?", before "(" after punctuation, never after "/"), and after
// a run of spaces whatever follows; UAX #14 alone broke URLs and "and/or" at their slashes and kept "Paths: /usr"
// together. Line counts measured in Chromium 156 (16px Inter in a 1px-wide box: one line per unbreakable piece).
// Chromium repro: packages/core/test/repros/ascii-pair-breaks.html (html-chromium-repros).
import { describe, expect, it } from 'vitest';
import { piecesBetweenBreaks } from './render.js';

const lines = piecesBetweenBreaks;

describe('line breaks between ASCII characters as Chromium', () => {
  it('no break after a slash before ASCII: URLs, paths and and/or stay whole', async () => {
    expect(await lines('www.un.org/ar/universal')).toBe(1);
    expect(await lines('and/or')).toBe(1);
    expect(await lines('ab/cd/ef')).toBe(1);
  });

  it('a break after a run of spaces whatever ASCII follows', async () => {
    expect(await lines('a /b')).toBe(2);
    expect(await lines('a )b')).toBe(2);
    expect(await lines('a ,b')).toBe(2);
  });

  it('breaks after a hyphen, and after a slash before a letter outside ASCII, as before', async () => {
    expect(await lines('universal-declaration')).toBe(2);
    expect(await lines('a/éb')).toBe(2);
  });
});
