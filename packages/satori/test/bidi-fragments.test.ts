// Pictor change bidi-inline (fragment edges): an inline box that wraps in a right-to-left paragraph starts on the
// right: its first line's fragment has the start edge (border, padding, radius) on the right, its last line's the end
// edge on the left, as in Chrome. Chromium repro: packages/core/test/repros/bidi-fragments.html (html-bidi.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, pixels, render, rtlFonts } from './render.js';

describe('a wrapping inline box in right-to-left text', () => {
  it('draws its left (end) border on its last line only', async () => {
    const tag = h(
      'span',
      { border: '2px solid red', borderLeftColor: 'blue', padding: '0 6px' },
      'אבגד הוזח טיכל מנסע',
    );
    const element = h(
      'div',
      {
        display: 'block',
        width: 150,
        direction: 'rtl',
        fontFamily: 'Inter, Hebrew',
        fontSize: 16,
        backgroundColor: 'white',
      },
      'שלום ',
      tag,
      ' סוף',
    );
    const svg = await render(element, { width: 150, height: 60, fonts: [...fonts, ...rtlFonts] });
    const data = await pixels(svg);
    const blueRows = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 2] as number) > 150 && (data[i] as number) < 80 && (data[i + 1] as number) < 80) {
        blueRows.add(Math.floor(i / 4 / 150));
      }
    }
    // Lines are about 19 px tall: blue only on the second.
    expect(blueRows.size).toBeGreaterThan(10);
    expect(Math.min(...blueRows)).toBeGreaterThanOrEqual(18);
  });
});
