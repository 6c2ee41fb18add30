// Pictor change groove-ridge-shades: groove, ridge, inset and outset sides are drawn in Chromium's shades of the
// border color: the dark side darkened, the light side the color itself (lightened only when its luma is under
// 0.2125); satori lightened every color but near-white ones (#999 → #eee) and drew black as two greys.
// Chromium repro: packages/core/test/repros/groove-ridge-shades.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** The outer and inner halves of a 20 px groove's top side, and the top and bottom of a 20 px inset. */
async function shades(color: string) {
  const box = (style: string) =>
    h('div', {
      width: 60,
      height: 60,
      borderWidth: 20,
      borderStyle: style,
      borderColor: color,
      flexShrink: 0,
    });
  const root = h(
    'div',
    { display: 'flex', width: 120, height: 60, backgroundColor: 'white' },
    box('groove'),
    box('inset'),
  );
  const rgba = await pixels(await render(root as never, { width: 120, height: 60 }));
  const at = (x: number, y: number) => {
    const i = (y * 120 + x) * 4;
    return [rgba[i], rgba[i + 1], rgba[i + 2]];
  };
  return { grooveOuter: at(30, 4), grooveInner: at(30, 15), insetTop: at(90, 4), insetBottom: at(90, 55) };
}

describe('groove, ridge, inset and outset shades', () => {
  it('a mid grey: darkened, and itself on the light side (Chromium 69 / 153)', async () => {
    expect(await shades('#999999')).toEqual({
      grooveOuter: [69, 69, 69],
      grooveInner: [153, 153, 153],
      insetTop: [69, 69, 69],
      insetBottom: [153, 153, 153],
    });
  });

  it('a red: its light side unchanged (Chromium #cc0000 → 120 / 204)', async () => {
    const { grooveOuter, grooveInner } = await shades('#cc0000');
    expect(grooveOuter).toEqual([120, 0, 0]);
    expect(grooveInner).toEqual([204, 0, 0]);
  });

  it('black: black and dark grey (Chromium 0 / 84)', async () => {
    const { grooveOuter, grooveInner } = await shades('black');
    expect(grooveOuter).toEqual([0, 0, 0]);
    expect(grooveInner).toEqual([84, 84, 84]);
  });

  it('a dark grey under the luma line is lightened (Chromium #363636 → 138), one over it is not (#383838)', async () => {
    expect((await shades('#363636')).grooveInner).toEqual([138, 138, 138]);
    expect((await shades('#383838')).grooveInner).toEqual([56, 56, 56]);
  });
});
