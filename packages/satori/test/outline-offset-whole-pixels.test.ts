// Pictor change outline-offset-whole-pixels: outline-offset is a whole number of pixels, cut toward zero, as
// Chromium keeps it (a certificate's `outline: 1pt solid; outline-offset: -5mm`, -18.9px, sits 18px inside the border
// edge, not 18.9px). Chromium repro: packages/core/test/repros/certificate-frame.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** The red channel down the column x = 20 of a 40×40 white canvas with a 30×30 box at (5, 5) and `outlineOffset`. */
async function column(outlineOffset: string | number) {
  const box = h('div', {
    display: 'flex',
    width: 30,
    height: 30,
    marginLeft: 5,
    marginTop: 5,
    outline: '1px solid #000',
    outlineOffset,
  });
  const svg = await render(h('div', { display: 'flex', width: 40, height: 40, background: '#fff' }, box), {
    width: 40,
    height: 40,
  });
  const px = await pixels(svg);
  return Array.from({ length: 14 }, (_, y) => px[(y * 40 + 20) * 4] as number);
}

describe('outline-offset in whole pixels', () => {
  it('-2.9px insets the outline by 2 px: its line is the row 6 (just outside the inset edge at 7), crisp', async () => {
    const red = await column('-2.9px');
    expect(red[6]).toBe(0);
    expect(red[5]).toBe(255);
    expect(red[7]).toBe(255);
  });

  it('1.6px moves it out by 1 px: the row 3, crisp', async () => {
    const red = await column('1.6px');
    expect(red[3]).toBe(0);
    expect(red[2]).toBe(255);
  });
});
