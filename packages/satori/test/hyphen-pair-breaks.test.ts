// Pictor change hyphen-pair-breaks (src/text/pictor-ascii-breaks.ts): a line may break between two hyphens, as
// Blink's ASCII line-break table allows; UAX #14 never breaks before a hyphen (LB21, × HY), so a command-line
// option's `--path` could not end a line with its first `-` as it does in Chromium (xmllint's synopsis).
// Chromium repro: packages/core/test/repros/hyphen-pair-breaks.html (html-chromium-repros).
import { describe, expect, it } from 'vitest';
import { piecesBetweenBreaks } from './render.js';

const lines = piecesBetweenBreaks;

describe('a break between two hyphens, as Chromium', () => {
  it('breaks between hyphens and after a hyphen before a letter', async () => {
    expect(await lines('--path')).toBe(3); // `-` `-` `path`
    expect(await lines('a--b')).toBe(3); // `a-` `-` `b`
    expect(await lines('---')).toBe(3);
  });

  it('keeps a hyphen before a digit after another hyphen (a minus sign)', async () => {
    expect(await lines('--9')).toBe(2); // `-` `-9`
  });
});
