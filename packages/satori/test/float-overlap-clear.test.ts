// Pictor change float-overlap-clear: a float that does not fit beside the floats before it goes below the float it
// would overlap, of either side (CSS 2 §9.5.1 rules 2 and 3), as Chromium places md2resume's `dt { float: left }` /
// `dd { float: right; width: 45% }` pairs. The engine moved it below the floats of its own side only and laid it over
// the other side's. Chromium repro: packages/core/test/repros/float-overlap-clear.html.
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

const box = (float: string, width: number, height: number) =>
  h('div', { display: 'block', float, width, height, backgroundColor: float === 'left' ? '#fed' : '#def' });
// A 370px wide context: a 150px left float and a 166px right one, 80px tall. A 225px left float does not fit in the
// 54px between them, nor in the 204px beside the right one below the first left float: it goes below the right one.
const context = (...floats: unknown[]) =>
  h('div', { display: 'flow-root', width: 370 }, box('left', 150, 20), box('right', 166, 80), ...floats);

describe('a float that fits beside no earlier float', () => {
  it('goes below the float of the other side it would overlap', async () => {
    // Below the right float (80px): 80 + 20. Laid over it, the context ended at the right float's 80px.
    expect(svgSize(await render(context(box('left', 225, 20)))).height).toBe(100);
  });

  it('and the floats after it follow', async () => {
    // A second 166px right float: not above the 225px float's top (80px), not beside it (391px): at 100px.
    expect(svgSize(await render(context(box('left', 225, 20), box('right', 166, 20)))).height).toBe(120);
  });

  it('leaves a float that fits beside the other side where it is', async () => {
    // A 200px left float fits in the 204px beside the right float, below the first left float: at 20px.
    expect(svgSize(await render(context(box('left', 200, 20)))).height).toBe(80);
  });
});
