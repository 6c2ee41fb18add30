// Pictor change fractional-rgb: rgb()/rgba()/hsl() in the comma syntax with fractional channels (Sass and Inky write
// `rgb(234.6, 234.6, 234.6)`) were kept as they are and drawn black by SVG renderers; they are converted to whole
// channels. Chromium repro: packages/core/test/repros/color-fractional-rgb.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** The colour of the middle pixel of a 10×10 box with `background`. */
async function drawn(background: string) {
  const svg = await render(h('div', { display: 'flex', width: 10, height: 10, background }), {
    width: 10,
    height: 10,
  });
  const px = await pixels(svg);
  const i = (5 * 10 + 5) * 4;
  return [px[i], px[i + 1], px[i + 2], px[i + 3]];
}

describe('fractional colour channels', () => {
  it('rgb(234.6, 234.6, 234.6) is light grey, not black', async () => {
    expect(await drawn('rgb(234.6, 234.6, 234.6)')).toEqual([235, 235, 235, 255]);
  });

  it('rgba with fractional channels keeps its alpha', async () => {
    const [, , , a] = await drawn('rgba(200.2, 30.8, 30.1, 0.5)');
    expect(a).toBeGreaterThan(120);
    expect(a).toBeLessThan(135);
  });

  it('hsl with fractional hue and percentages', async () => {
    const [r, g, b] = await drawn('hsl(210.5, 60.5%, 40.2%)');
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(60);
    expect(g).toBeGreaterThan(90);
  });

  it('whole channels and the space syntax with / alpha still draw', async () => {
    expect(await drawn('rgb(10, 20, 30)')).toEqual([10, 20, 30, 255]);
    expect(await drawn('rgb(10.5 150.2 90.9 / 1)')).toEqual([11, 150, 91, 255]);
  });
});
