// Pictor change cursive-no-letter-spacing: Chromium adds no letter spacing after a character of a cursive script
// (Arabic…), so its letters stay joined; spaces, digits and Latin letters beside them keep theirs. satori 0.63.2 added
// it after every character. Chromium repro: packages/core/test/repros/cursive-no-letter-spacing.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, rtlFonts } from './render.js';

async function widthOf(text: string, letterSpacing: number) {
  const { boxes: found } = await boxes(
    h(
      'div',
      { display: 'flex', width: 600, direction: 'rtl' },
      h('div', { fontFamily: 'Arabic', fontSize: 20, letterSpacing }, text),
    ),
    { width: 600, height: 60, fonts: rtlFonts },
  );
  return found[1]!.width;
}

describe('letter spacing in Arabic text', () => {
  it('is added after spaces only between Arabic words', async () => {
    // Three words, two spaces: 2 × 5 px.
    const text = 'متن شوند فاصله';
    expect((await widthOf(text, 5)) - (await widthOf(text, 0))).toBeCloseTo(10, 1);
  });

  it('is added after Latin letters and digits beside Arabic words', async () => {
    // "ab 12" between two Arabic words: a, b, space, 1, 2 and the two spaces around it: 7 × 3 px.
    const text = 'متن ab 12 فاصله';
    expect((await widthOf(text, 3)) - (await widthOf(text, 0))).toBeCloseTo(21, 1);
  });
});
