// Pictor plain-text-at-measured-width: a plain text leaf is drawn in the lines it was measured in when its box was
// rounded up from that width by less than a pixel: Chromium wraps 639 px of text in a 638.66 px paragraph
// (Vivliostyle's academic theme: 638.66 px paragraphs of 13 px kana); satori measured the height in the exact width
// but laid the text out again for drawing in the rounded one, one character longer a line. (The same as
// lines-at-measured-width for inline content.) Chromium repro: packages/core/test/repros/plain-text-at-measured-width.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, textPieces } from './render.js';

const style = { fontSize: 20, fontFamily: 'Inter' };

describe('a text leaf of a fractional width', () => {
  it('wraps a line that overflows it by a fraction of a pixel', async () => {
    const { boxes: found } = await boxes(
      h(
        'div',
        { display: 'flex', alignItems: 'flex-start' },
        h('div', { display: 'flex', ...style }, 'hello world'),
      ),
      { width: 300, height: 60, wholePixelAdvances: true },
    );
    const natural = found[1].width;
    expect(Number.isInteger(natural)).toBe(true);
    const narrow = (width: number) =>
      textPieces(h('div', { display: 'flex' }, h('div', { ...style, width }, 'hello world')), {
        width: 300,
        height: 60,
        wholePixelAdvances: true,
      });
    // In its own width "world" stays on the line; 0.34 px less, it wraps to the start of the next.
    expect((await narrow(natural)).find((p) => p.text === 'world')?.x).toBeGreaterThan(0);
    expect((await narrow(natural - 0.34)).find((p) => p.text === 'world')?.x).toBe(0);
  });
});
