// Pictor change float-clear-one-side: a float with `clear: left` (`right`) goes below the earlier floats of that side
// only (CSS 2 §9.5.2); the other side's floats are in its way only as any float is. The engine cleared floats past
// the floats of both sides: Furo's footer floats "next" right, then "previous" left with `clear: left`, and Chromium
// draws them side by side. Chromium repro: packages/core/test/repros/float-clear-one-side.html.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

const require = createRequire(import.meta.url);
const built = await import(
  process.env.PICTOR_SATORI_DIST
    ? pathToFileURL(process.env.PICTOR_SATORI_DIST).href
    : pathToFileURL(require.resolve('../dist/index.js')).href
);
const layoutStats = built.pictorLayoutStats as (() => { oneSidedClearLayouts?: number }) | undefined;
/** How many layouts again float-clear-one-side made for `element` (counted, no clock). */
async function layoutsAgain(element: unknown) {
  const before = layoutStats?.().oneSidedClearLayouts ?? 0;
  await render(element as never);
  return (layoutStats?.().oneSidedClearLayouts ?? 0) - before;
}

const box = (float: string, width: number, height: number, clear?: string) =>
  h('div', {
    display: 'block',
    float,
    width,
    height,
    ...(clear ? { clear } : {}),
    backgroundColor: float === 'left' ? '#fed' : '#def',
  });
const context = (...children: unknown[]) => h('div', { display: 'flow-root', width: 500 }, ...children);
const heightOf = async (element: unknown) => svgSize(await render(element as never)).height;
/** The top of each rect filled with `fill`, in document order. */
const topsOf = (svg: string, fill: string) =>
  [...svg.matchAll(new RegExp(`<rect[^>]* y="([\\d.]+)"[^>]*fill="${fill}"`, 'g'))].map((m) => Number(m[1]));

describe('a float with a one-sided clear', () => {
  it('goes beside the floats of the other side', async () => {
    // A right float, then a left one with `clear: left`: both at the top. Cleared past the right one, 60.
    expect(await heightOf(context(box('right', 200, 30), box('left', 200, 30, 'left')))).toBe(30);
    expect(await heightOf(context(box('left', 200, 30), box('right', 200, 30, 'right')))).toBe(30);
    expect(await heightOf(context(box('right', 200, 30), box('left', 200, 30, 'inline-start')))).toBe(30);
  });

  it('and the floats after it follow it', async () => {
    // Furo's footer with one more pair: the second pair below the first.
    const svg = await render(
      context(
        box('right', 200, 30, 'right'),
        box('left', 200, 30, 'left'),
        box('right', 200, 30, 'right'),
        box('left', 200, 30, 'left'),
      ) as never,
    );
    expect(svgSize(svg).height).toBe(60);
    expect(topsOf(svg, '#fed')).toEqual([0, 30]);
    expect(topsOf(svg, '#def')).toEqual([0, 30]);
  });

  it('still clears the floats of its side', async () => {
    expect(await heightOf(context(box('left', 200, 30), box('left', 200, 30, 'left')))).toBe(60);
    // Below the left float: never beside it. (Chromium puts it just below it, at 20, beside the taller right float;
    // here it keeps the engine's place below both, at 50: without `clear` it would go beside the left float.)
    const svg = await render(
      context(box('right', 200, 50), box('left', 200, 20), box('left', 100, 20, 'left')) as never,
    );
    expect(topsOf(svg, '#fed')[1]).toBeGreaterThanOrEqual(20);
  });

  it('leaves `clear: both` and blocks as they were', async () => {
    expect(await heightOf(context(box('right', 200, 30), box('left', 200, 30, 'both')))).toBe(60);
    const block = h('div', { display: 'block', clear: 'left', height: 20 });
    expect(await heightOf(context(box('right', 200, 30), block))).toBe(30);
  });

  it('lays a tree out again only where the engine cleared a float past the other side', async () => {
    // No float with a one-sided clear, or one the other side's floats do not reach past its own side's: none.
    expect(await layoutsAgain(context(box('right', 200, 30), box('left', 200, 30, 'both')))).toBe(0);
    expect(await layoutsAgain(context(box('left', 200, 30), box('left', 200, 30, 'left')))).toBe(0);
    expect(
      await layoutsAgain(context(box('right', 200, 30), h('div', { display: 'block', clear: 'left' }))),
    ).toBe(0);
    // Furo's footer: one.
    expect(await layoutsAgain(context(box('right', 200, 30), box('left', 200, 30, 'left')))).toBe(1);
  });
});
