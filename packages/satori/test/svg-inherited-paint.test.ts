// Pictor change svg-inherited-paint: `fill`, `stroke` and the other SVG paint properties are inherited CSS
// properties, so one set on an HTML ancestor of an inline <svg> (Hugo's Ananke: `.ananke-socials a { color: #bababa;
// fill: currentColor }` around its icons) reaches the SVG's content. Chromium repro:
// packages/core/test/repros/svg-inherited-paint.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

async function middle(parentStyle: Record<string, unknown>, svgProps: Record<string, unknown> = {}) {
  const path = hp('path', { d: 'M0 0h10v10H0z' });
  const svg = await render(
    hp(
      'div',
      { style: { display: 'flex', width: 10, height: 10, ...parentStyle } },
      hp('svg', { width: 10, height: 10, viewBox: '0 0 10 10', ...svgProps }, path),
    ),
    { width: 10, height: 10 },
  );
  const px = await pixels(svg);
  return Array.from(px.subarray((5 * 10 + 5) * 4, (5 * 10 + 5) * 4 + 3));
}

describe("SVG paint properties inherited from the <svg>'s HTML ancestors", () => {
  it('fill: currentColor on the parent paints the content in the colour', async () => {
    expect(await middle({ color: '#ff0000', fill: 'currentColor' })).toEqual([255, 0, 0]);
  });

  it("fill: currentColor on the parent takes the <svg>'s own colour", async () => {
    expect(await middle({ color: '#ff0000', fill: 'currentColor' }, { style: { color: '#00ff00' } })).toEqual(
      [0, 255, 0],
    );
  });

  it('a colour fill on the parent', async () => {
    expect(await middle({ fill: '#0000ff' })).toEqual([0, 0, 255]);
  });

  it("the <svg>'s own CSS fill beats the inherited one", async () => {
    expect(await middle({ fill: '#0000ff' }, { style: { fill: '#00ff00' } })).toEqual([0, 255, 0]);
  });

  it("the <svg>'s fill attribute beats the inherited fill (it is a value of the element's own)", async () => {
    expect(await middle({ fill: '#0000ff' }, { fill: '#00ff00' })).toEqual([0, 255, 0]);
  });

  it('a stroke on the parent reaches the content', async () => {
    const path = hp('path', { d: 'M0 5h10', fill: 'none' });
    const svg = await render(
      hp(
        'div',
        { style: { display: 'flex', width: 10, height: 10, stroke: '#ff0000', strokeWidth: 4 } },
        hp('svg', { width: 10, height: 10, viewBox: '0 0 10 10' }, path),
      ),
      { width: 10, height: 10 },
    );
    const px = await pixels(svg);
    expect(Array.from(px.subarray((5 * 10 + 5) * 4, (5 * 10 + 5) * 4 + 3))).toEqual([255, 0, 0]);
  });
});
