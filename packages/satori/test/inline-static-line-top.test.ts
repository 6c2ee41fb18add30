// Pictor change inline-static-line-top (src/pictor-inline-static-position.ts, src/text/inline.ts `lineTop`): the
// static top of an absolutely positioned box that was inline-level is the top of its line, as Blink places an
// out-of-flow inline (the line box's ascent above the baseline), not the top of the text of an empty box in the
// parent's font: with a line taller than the font the box stood half the leading lower. Chromium repros:
// packages/core/test/repros/inline-static-position.html and inline-static-position-up.html (the badges' tops).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

/** The top of the `b` span after `Text before` in a block of 16 px Inter with the line height given. */
async function spanTop(lineHeight: string) {
  const root = hp(
    'div',
    {
      style: {
        display: 'block',
        width: 300,
        position: 'relative',
        fontFamily: 'Inter',
        fontSize: 16,
        lineHeight,
      },
    },
    'Text before ',
    hp('b', { style: { position: 'absolute', fontSize: 10 } }, 'Hi'),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 100 });
  return found.find((b) => b.type === 'b')!.top;
}

describe('the static top of an absolutely positioned inline box', () => {
  it('is the top of its line', async () => {
    expect(await spanTop('40px')).toBe(0);
    expect(await spanTop('20px')).toBe(0);
  });
});
