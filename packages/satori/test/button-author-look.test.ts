// Pictor change button-author-look (src/pictor-form-controls.ts `dropButtonLook`): a button the page gives a
// background or a border of its own loses the look Chromium paints for an unstyled one (1 px #767676 frame, 2 px
// rounded corners, padding 2px 7px): html.css's CSS look is left, a 2 px outset ButtonBorder border (#545454 on the
// top and left, black on the bottom and right), padding 1px 6px, square corners. Chromium repro:
// packages/core/test/repros/button-author-look.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, pixels, render } from './render.js';

/** The RGB of pixels of a 100×24 button drawn at the canvas' origin with `style`. */
async function buttonPixels(
  style: Record<string, unknown>,
  type = 'button',
  props: Record<string, unknown> = {},
) {
  const button = hp(type, { ...props, style: { display: 'block', width: 100, height: 24, ...style } }, 'Go');
  const svg = await render(
    h('div', { display: 'flex', width: 120, height: 40, backgroundColor: 'white' }, button),
    {
      width: 120,
      height: 40,
    },
  );
  const data = await pixels(svg);
  const at = (x: number, y: number) => {
    const i = (y * 120 + x) * 4;
    return [data[i], data[i + 1], data[i + 2]];
  };
  return { corner: at(0, 0), left: at(0, 12), bottom: at(50, 23) };
}

describe('a button the page styles', () => {
  it('keeps the painted look while unstyled (or only its colour is set)', async () => {
    for (const style of [{}, { color: 'red' }]) {
      const { corner, left } = await buttonPixels(style);
      expect(left).toEqual([0x76, 0x76, 0x76]);
      // The rounded corner leaves the very corner pixel lighter than the frame.
      expect(corner[0]).toBeGreaterThan(0x90);
    }
  });

  it.each([
    ['a background', { backgroundColor: '#ffd8a8' }],
    ['a background image', { backgroundImage: 'linear-gradient(red, blue)' }],
    ['a border width', { borderWidth: 3 }],
  ])('with %s: 2 px outset border, square corners', async (_name, style) => {
    const { corner, left, bottom } = await buttonPixels(style);
    expect(left).toEqual([0x54, 0x54, 0x54]);
    expect(bottom).toEqual([0, 0, 0]);
    expect(corner).toEqual([0x54, 0x54, 0x54]);
  });

  it('a submit input as well; a radius of the page still rounds it', async () => {
    const submit = await buttonPixels({ backgroundColor: '#a5d8ff' }, 'input', {
      type: 'submit',
      value: 'Go',
    });
    expect(submit.corner).toEqual([0x54, 0x54, 0x54]);
    const rounded = await buttonPixels({ backgroundColor: '#b2f2bb', borderRadius: 8 });
    expect(rounded.corner).toEqual([255, 255, 255]);
  });
});
