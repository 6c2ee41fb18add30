// Pictor change svg-css-presentation: CSS `fill`/`stroke` on an <svg> (Bootstrap Icons' `.bi { fill: currentColor }`)
// reach its content, over its presentation attributes. Chromium repro: packages/core/test/repros/svg-sprite-use.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

async function middle(svgProps: Record<string, unknown>) {
  const path = hp('path', { d: 'M0 0h10v10H0z' });
  const svg = await render(hp('svg', { width: 10, height: 10, viewBox: '0 0 10 10', ...svgProps }, path), {
    width: 10,
    height: 10,
  });
  const px = await pixels(svg);
  return Array.from(px.subarray((5 * 10 + 5) * 4, (5 * 10 + 5) * 4 + 3));
}

describe('CSS presentation properties on <svg>', () => {
  it('fill: currentColor in the style paints the content in the colour', async () => {
    expect(await middle({ style: { color: '#ff0000', fill: 'currentColor' } })).toEqual([255, 0, 0]);
  });

  it('CSS fill beats the fill attribute', async () => {
    expect(await middle({ fill: '#00ff00', style: { fill: '#0000ff' } })).toEqual([0, 0, 255]);
  });
});
