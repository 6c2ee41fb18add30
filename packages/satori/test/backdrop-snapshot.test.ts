// Pictor change backdrop-snapshot (src/pictor-backdrop.ts `drawBackdrops`, src/builder/backdrop-filter.ts):
// backdrop-filter filters a copy of what is drawn before the element, inside its box. satori filtered SVG 1.1's
// `BackgroundImage`, which resvg lacks: every backdrop-filtered box was a blurred black box (Starlight's transparent
// header over its hero). Chromium repro: packages/core/test/repros/backdrop-filter-copy.html.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** RGB at (x, y) of a 100×40 picture: the left half red, the right blue, under a box at x 20–80 with `filter`. */
async function drawn(backdropFilter: string, at: [number, number][]) {
  const svg = await render(
    h(
      'div',
      { display: 'flex', width: 100, height: 40 },
      h('div', { width: 50, height: 40, backgroundColor: '#ff0000' }),
      h('div', { width: 50, height: 40, backgroundColor: '#0000ff' }),
      h('div', { position: 'absolute', left: 20, top: 0, width: 60, height: 40, backdropFilter }),
    ),
    { width: 100, height: 40 },
  );
  const px = await pixels(svg);
  return at.map(([x, y]) => Array.from(px.subarray((y * 100 + x) * 4, (y * 100 + x) * 4 + 3)));
}

describe('backdrop-filter', () => {
  it('filters what is behind the box, not a black box', async () => {
    const [left, middle, right, outside] = await drawn('blur(4px)', [
      [22, 20],
      [50, 20],
      [78, 20],
      [5, 20],
    ]);
    // The edges of the box keep their colour; at the seam red and blue blend; outside the box nothing changes.
    expect(left![0]).toBeGreaterThan(200);
    expect(right![2]).toBeGreaterThan(200);
    expect(middle![0]).toBeGreaterThan(60);
    expect(middle![2]).toBeGreaterThan(60);
    expect(outside).toEqual([255, 0, 0]);
  });

  it('applies colour filters to the copy', async () => {
    // grayscale(1): red's luminance, 0.2126 × 255 ≈ 54 in every channel.
    const [gray, outside] = await drawn('grayscale(1)', [
      [30, 20],
      [5, 20],
    ]);
    expect(Math.max(...gray!) - Math.min(...gray!)).toBeLessThanOrEqual(1);
    expect(gray![0]).toBeGreaterThan(40);
    expect(gray![0]).toBeLessThan(70);
    expect(outside).toEqual([255, 0, 0]);
  });

  it('draws four backdrops per document: a fifth is left out, not drawn black', async () => {
    const box = (left: number) =>
      h('div', { position: 'absolute', left, top: 0, width: 10, height: 10, backdropFilter: 'grayscale(1)' });
    const svg = await render(
      h(
        'div',
        { display: 'flex', width: 50, height: 10, backgroundColor: '#ff0000' },
        ...[0, 10, 20, 30, 40].map(box),
      ),
      { width: 50, height: 10 },
    );
    const px = await pixels(svg);
    const red = (x: number) => Array.from(px.subarray((5 * 50 + x) * 4, (5 * 50 + x) * 4 + 3));
    expect([5, 15, 25, 35].map((x) => red(x)[0]! < 100)).toEqual([true, true, true, true]);
    expect(red(45)).toEqual([255, 0, 0]);
  });
});
