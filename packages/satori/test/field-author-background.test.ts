// Pictor change field-author-background (src/pictor-form-controls.ts `dropFieldLook`, src/handler/compute.ts): a text
// field with a background of the page's and no border of its own loses Chrome's painted look and shows html.css's
// frame, `2px inset` of #767676: #212121 on the top and left, #767676 on the bottom and right, square corners, its
// padding (the page's or html.css's 1px 2px) inside. The preset's 1 px frame stayed. Chromium repro:
// packages/core/test/repros/field-author-background.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels, render } from './render.js';

const root = (style: Record<string, unknown>) =>
  h(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', width: 200, fontSize: 16 },
    hp('input', { type: 'text', value: 'abc', style }),
  );

describe("a text field with a background of the page's", () => {
  it('has a 2 px inset frame: dark on the top and left, #767676 on the bottom and right', async () => {
    const { boxes: found } = await boxes(root({ backgroundColor: '#eeeeff' }) as never, {
      width: 200,
      height: 60,
    });
    const field = found.find((b) => b.type === 'input')!;
    const rgba = await pixels(await render(root({ backgroundColor: '#eeeeff' }), { width: 200, height: 60 }));
    const at = (x: number, y: number) => {
      const i = (y * 200 + x) * 4;
      return [rgba[i], rgba[i + 1], rgba[i + 2]].map((v) => Number(v).toString(16).padStart(2, '0')).join('');
    };
    const middle = Math.floor(field.height / 2);
    const centre = Math.floor(field.width / 2);
    expect([at(0, middle), at(1, middle), at(2, middle)]).toEqual(['212121', '212121', 'eeeeff']);
    expect([at(centre, 0), at(centre, 1), at(centre, 2)]).toEqual(['212121', '212121', 'eeeeff']);
    const bottom = field.height - 1;
    expect([at(centre, bottom), at(centre, bottom - 1), at(centre, bottom - 2)]).toEqual([
      '767676',
      '767676',
      'eeeeff',
    ]);
    // Square corners: the corner pixel is the frame's, not the page's white.
    expect(at(0, 0)).toBe('212121');
  });

  it('is as big as the painted one (2 px frame, 1px 2px padding), and keeps its own padding inside the frame', async () => {
    const sizes = async (style: Record<string, unknown>) => {
      const { boxes: found } = await boxes(root(style) as never, { width: 200, height: 60 });
      const field = found.find((b) => b.type === 'input')!;
      return [field.width, field.height];
    };
    expect(await sizes({ backgroundColor: '#eeeeff' })).toEqual(await sizes({}));
    const [w, hgt] = await sizes({ backgroundColor: '#eeeeff', padding: 6 });
    const [w0, h0] = await sizes({ backgroundColor: '#eeeeff' });
    // 2 + 6 a side where html.css has 2 + 1 above and below, 2 + 2 at the sides.
    expect(hgt - h0).toBe(10);
    expect(w - w0).toBe(8);
  });
});
