// Pictor change background-position-math (src/parser/background.ts, src/builder/background-image.ts,
// src/handler/expand.ts): math functions as background positions and sizes — in a layer of the `background`
// shorthand (`no-repeat 50% calc(100% + 20rem)/60rem 30rem`, Starlight's hero glow, dropped the declaration whole),
// and in the longhands (`calc()` read as 0, `min(50%, 10px)` split at its comma). Chromium repro:
// packages/core/test/repros/math-in-backgrounds.html.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** Whether (x, 5) of a 60×10 box styled `style` is blue, for each x. */
async function blueAt(style: Record<string, unknown>, xs: number[]) {
  const svg = await render(
    h('div', { display: 'flex', width: 60, height: 10 }, h('div', { width: 60, height: 10, ...style })),
    { width: 60, height: 10 },
  );
  const px = await pixels(svg);
  return xs.map((x) => px[(5 * 60 + x) * 4 + 2] === 255 && px[(5 * 60 + x) * 4] === 0);
}

const blue = 'linear-gradient(#00f, #00f)';

describe('math functions in background positions and sizes', () => {
  it('place a layer of the shorthand', async () => {
    // A 10 px tile at calc(100% - 5px) of the 50 px left free: x 45–55.
    const style = { background: `${blue} no-repeat calc(100% - 5px) 0 / calc(5px + 5px) 10px, #fff` };
    expect(await blueAt(style, [30, 44, 46, 54, 56])).toEqual([false, false, true, true, false]);
  });

  it('size and place a layer from the longhands, min() with its comma included', async () => {
    const style = {
      backgroundImage: blue,
      backgroundRepeat: 'no-repeat',
      backgroundPosition: 'right calc(5% + 2px) top 0',
      backgroundSize: 'min(50%, 10px) 10px',
    };
    // 10 px wide, its right edge calc(5% + 2px) = 4.5 px from the right: x 45.5–55.5.
    expect(await blueAt(style, [44, 47, 54, 57])).toEqual([false, true, true, false]);
  });
});
