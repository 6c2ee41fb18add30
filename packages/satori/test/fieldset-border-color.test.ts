// Pictor change fieldset-border-color: a fieldset's default border is a 2 px groove in ThreeDFace, which Chromium
// computes as rgb(239, 239, 239): drawn 155 (dark) over 239 (light) on its top side; satori's #c0c0c0 drew 108 over
// 192 (with groove-ridge-shades). Chromium repro: packages/core/test/repros/fieldset-border-color.html.
import { describe, expect, it } from 'vitest';
import { h, hp, pixels, render } from './render.js';

describe("a fieldset's default border", () => {
  it('is a groove in #efefef: 155 over 239 on its top side', async () => {
    const root = h(
      'div',
      {
        display: 'block',
        width: 200,
        height: 60,
        fontSize: 16,
        lineHeight: '20px',
        backgroundColor: 'white',
      },
      hp('fieldset', { style: { margin: 0 } }, 'Content'),
    );
    const rgba = await pixels(await render(root as never, { width: 200, height: 60 }));
    const at = (x: number, y: number) => rgba[(y * 200 + x) * 4];
    expect([at(100, 0), at(100, 1)]).toEqual([155, 239]);
  });
});
