// Pictor change shadow-blur-region: a shadow's filter region grows by 1.5 × the blur radius (3σ), not by
// radius² / 4: Pico's `0 1rem 6rem` card shadow made an 8,300 × 7,500 px region that took resvg seconds to blur,
// and kept the shadows of boxes far below the image in the SVG. Chromium repro: packages/core/test/repros/
// shadow-wide-blur.html (html-chromium-repros.test.ts), the shadow drawn as wide as Chromium draws it.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** The filter regions of an SVG's box shadows, in px: each `<filter>`'s percentages of the `size` box. */
function regions(svg: string, size: { width: number; height: number }) {
  return [
    ...svg.matchAll(
      /<filter id="satori_s-[^"]*" x="([-\d.]+)%" y="([-\d.]+)%" width="([\d.]+)%" height="([\d.]+)%"/g,
    ),
  ].map((m) => ({
    width: (Number(m[3]) / 100) * size.width,
    height: (Number(m[4]) / 100) * size.height,
  }));
}

const card = (boxShadow: string, marginTop = 40) =>
  h('div', {
    display: 'flex',
    width: 120,
    height: 60,
    marginLeft: 40,
    marginTop,
    background: '#fff',
    boxShadow,
  });

describe('shadow filter regions', () => {
  it('a 96 px blur grows the region by 144 px a side, not 2,304', async () => {
    const svg = await render(
      h('div', { display: 'flex', width: 200, height: 140, background: '#fff' }, card('0 16px 96px #000')),
      {
        width: 200,
        height: 140,
      },
    );
    const [region] = regions(svg, { width: 120, height: 60 });
    expect(region).toBeDefined();
    expect(region?.width).toBeLessThanOrEqual(120 + 2 * 144 + 1);
    expect(region?.height).toBeLessThanOrEqual(60 + 2 * 144 + 1);
  });

  it('small blurs keep their region (radius² / 4 is the smaller there)', async () => {
    const svg = await render(
      h('div', { display: 'flex', width: 200, height: 140, background: '#fff' }, card('0 0 4px #000')),
      {
        width: 200,
        height: 140,
      },
    );
    const [region] = regions(svg, { width: 120, height: 60 });
    expect(region?.width).toBeCloseTo(120 + 2 * 4, 1);
  });

  it('a wide shadow of a box wholly below the image is left out of the SVG', async () => {
    const svg = await render(
      h(
        'div',
        { display: 'flex', width: 200, height: 140, background: '#fff' },
        card('0 16px 96px #000', 340),
      ),
      { width: 200, height: 140 },
    );
    expect(svg).not.toContain('<filter');
  });

  it('the wide shadow is still drawn where it reaches: darker near the box, white 150 px away', async () => {
    const svg = await render(
      h(
        'div',
        { display: 'flex', width: 400, height: 300, background: '#fff', paddingLeft: 100, paddingTop: 100 },
        h('div', { display: 'flex', width: 120, height: 60, background: '#fff', boxShadow: '0 0 60px #000' }),
      ),
      { width: 400, height: 300 },
    );
    const px = await pixels(svg);
    const red = (x: number, y: number) => px[(y * 400 + x) * 4] as number;
    expect(red(250, 130)).toBeLessThan(230); // 30 px (1σ) right of the box: about 16% of the black
    expect(red(160, 190)).toBeLessThan(230); // 30 px below it
    expect(red(395, 295)).toBeGreaterThan(250); // past 1.5 × the radius from the box
  });
});
