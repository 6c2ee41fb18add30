// Pictor change svg-text: <text> and <tspan> in an inline <svg> are drawn as glyph paths in the document's fonts
// (satori stopped the whole render at the first <text>). Chromium repro: packages/core/test/repros/svg-text-labels.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

const W = 200;
const H = 40;

/** The columns (x) where the picture has ink, and the colour of the darkest pixel. */
async function ink(...texts: unknown[]) {
  const svg = await render(hp('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}` }, ...texts), {
    width: W,
    height: H,
  });
  const px = await pixels(svg);
  const columns: number[] = [];
  for (let x = 0; x < W; x++) {
    for (let y = 0; y < H; y++) {
      if (px[(y * W + x) * 4 + 3] > 128) {
        columns.push(x);
        break;
      }
    }
  }
  return { left: Math.min(...columns), right: Math.max(...columns), px };
}

describe('<text> in an inline <svg>', () => {
  it('is drawn (the render no longer fails) from x on the baseline y', async () => {
    const { left, right } = await ink(hp('text', { x: 20, y: 30, 'font-size': '20' }, 'Label'));
    expect(left).toBeGreaterThanOrEqual(20);
    expect(left).toBeLessThan(24);
    expect(right).toBeGreaterThan(60);
  });

  it('text-anchor end ends the text at x, middle centres it', async () => {
    const end = await ink(hp('text', { x: 180, y: 30, fontSize: 16, textAnchor: 'end' }, '40k'));
    expect(end.right).toBeLessThanOrEqual(180);
    expect(end.right).toBeGreaterThan(174);
    const middle = await ink(hp('text', { x: 100, y: 30, fontSize: 16, 'text-anchor': 'middle' }, 'Q1'));
    expect(Math.abs((middle.left + middle.right) / 2 - 100)).toBeLessThan(2);
  });

  it('a <tspan> keeps its own fill and follows the text', async () => {
    const { px, right } = await ink(
      hp(
        'text',
        { x: 10, y: 30, fontSize: 20, fill: '#000000' },
        'ab',
        hp('tspan', { fill: '#ff0000', dx: 10 }, 'cd'),
      ),
    );
    let red = 0;
    for (let x = 40; x < W; x++)
      for (let y = 0; y < H; y++) {
        const i = (y * W + x) * 4;
        if (px[i + 3] > 200 && px[i] > 200 && px[i + 1] < 60) red++;
      }
    expect(red).toBeGreaterThan(10);
    expect(right).toBeGreaterThan(60);
  });

  it('dominant-baseline text-after-edge puts the bottom of the text at y (inherited from a <g>)', async () => {
    const rows = async (props: Record<string, unknown>) => {
      const svg = await render(
        hp(
          'svg',
          { width: W, height: H, viewBox: `0 0 ${W} ${H}` },
          hp('g', props, hp('text', { x: 10, y: 30, fontSize: 20 }, 'Hxy')),
        ),
        { width: W, height: H },
      );
      const px = await pixels(svg);
      let bottom = 0;
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (px[(y * W + x) * 4 + 3] > 128) bottom = y;
      return bottom;
    };
    const alphabetic = await rows({});
    const afterEdge = await rows({ 'dominant-baseline': 'text-after-edge' });
    // The descenders of y end below the baseline; at text-after-edge the whole text is above y.
    expect(alphabetic).toBeGreaterThan(30);
    expect(afterEdge).toBeLessThanOrEqual(30);
  });
});
