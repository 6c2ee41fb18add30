// Pictor change border-resets-border-image: the `border` shorthand sets `border-image` to its initial value (none),
// so a border image declared before it, in the same rule or by the cascade, is not drawn (css-backgrounds-3 §4.4).
// satori expanded `border` into widths, styles and colours only and kept drawing the earlier gradient. Chromium
// repro: packages/core/test/repros/border-resets-border-image.html.
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

const GRADIENT = 'linear-gradient(90deg, #0a0, #00f) 1';
const boxWith = (style: Record<string, unknown>) =>
  h(
    'div',
    { display: 'flex', width: 200, height: 100 },
    h('div', { display: 'flex', width: 120, height: 40, ...style }),
  );
const gradients = (svg: string) => (svg.match(/<linearGradient/g) ?? []).length;

describe('the border shorthand and border-image', () => {
  it('draws no border image declared before a border shorthand', async () => {
    const svg = await render(boxWith({ borderImage: GRADIENT, border: '6px solid red' }));
    expect(gradients(svg)).toBe(0);
    expect(svg).toContain('red');
  });

  it('draws no border-image-source longhand declared before it', async () => {
    const svg = await render(
      boxWith({
        borderImageSource: 'linear-gradient(90deg, #0a0, #00f)',
        borderImageSlice: 1,
        border: '6px solid red',
      }),
    );
    expect(gradients(svg)).toBe(0);
  });

  it('draws a border image declared after it', async () => {
    expect(
      gradients(await render(boxWith({ border: '6px solid red', borderImage: GRADIENT }))),
    ).toBeGreaterThan(0);
    expect(
      gradients(
        await render(
          boxWith({ border: '6px solid red', borderImageSource: 'linear-gradient(90deg, #0a0, #00f)' }),
        ),
      ),
    ).toBeGreaterThan(0);
  });

  it('keeps it under a side shorthand or the border longhands', async () => {
    const svg = await render(
      boxWith({ borderImage: GRADIENT, borderTop: '6px solid red', borderWidth: 6, borderStyle: 'solid' }),
    );
    expect(gradients(svg)).toBeGreaterThan(0);
  });
});
