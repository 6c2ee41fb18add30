// Pictor change bfc-negative-margins-beside-floats (src/layout-engine/pictor-bfc-negative-margins.ts): a box that
// establishes its own block formatting context beside a float (a Bootstrap-style `.row { display: flex; margin: 0
// -8px }` next to a floated sidebar) is as wide as the room beside the float in Chromium: its negative inline margins
// count as 0 on both sides. The layout engine left out the one on the float's side only, so the row reached 8 px past
// its container on the other side. Chromium repro: packages/core/test/repros/bfc-negative-margins-beside-floats.html.
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

/** The box (`p`) of the style given after a 120 × 40 float on `side`, in a 500 px block at x 10. */
async function beside(side: 'left' | 'right' | 'none', style: Record<string, unknown>) {
  const root = hp(
    'div',
    { style: { display: 'block', width: 500, marginLeft: 10 } },
    ...(side === 'none' ? [] : [hp('div', { style: { float: side, width: 120, height: 40 } })]),
    hp('p', { style: { display: 'flex', height: 20, margin: 0, ...style } }),
  );
  const { boxes: found } = await boxes(root, { width: 600, height: 200 });
  const p = found.find((b) => b.type === 'p')!;
  return { left: p.left, width: p.width };
}

describe('a box of its own formatting context with negative inline margins', () => {
  it('beside a left float: the room beside it, no margin on either side (Chromium: x 130, 380 wide)', async () => {
    expect(await beside('left', { marginLeft: -8, marginRight: -8 })).toEqual({ left: 130, width: 380 });
    expect(
      await beside('left', { marginLeft: -8, marginRight: -30, overflow: 'hidden', display: 'block' }),
    ).toEqual({
      left: 130,
      width: 380,
    });
  });

  it('beside a right float too (Chromium: x 10, 380 wide)', async () => {
    expect(await beside('right', { marginLeft: -8, marginRight: -8 })).toEqual({ left: 10, width: 380 });
  });

  it('keeps them without a float beside it', async () => {
    expect(await beside('none', { marginLeft: -8, marginRight: -8 })).toEqual({ left: 2, width: 516 });
  });

  it('keeps them below a float', async () => {
    const root = hp(
      'div',
      { style: { display: 'block', width: 500, marginLeft: 10 } },
      hp('div', { style: { float: 'left', width: 120, height: 40 } }),
      hp('div', { style: { display: 'block', height: 50 } }),
      hp('p', { style: { display: 'flex', height: 20, margin: 0, marginLeft: -8, marginRight: -8 } }),
    );
    const { boxes: found } = await boxes(root, { width: 600, height: 200 });
    const p = found.find((b) => b.type === 'p')!;
    expect({ left: p.left, width: p.width }).toEqual({ left: 2, width: 516 });
  });
});
