// Pictor change text-shadow-none (src/handler/expand.ts): `text-shadow: none` is no shadow. css-to-react-native read
// it as a black shadow at 0 0 0, which satori drew under every glyph: light or translucent text came out dark, and
// the edges of white text darkened. The user-agent style of form controls says `none`, so every input, button and
// select had it (Bulma's placeholders at 30% opacity were drawn near #757575). Chromium repro:
// packages/core/test/repros/text-shadow-none.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, pixels, render } from './render.js';

/** The darkest channel value of the picture (255 = white). */
async function darkest(element: ReturnType<typeof h>) {
  const data = await pixels(
    await render(h('div', { display: 'block', backgroundColor: 'white' }, element), {
      width: 200,
      height: 40,
    }),
  );
  let min = 255;
  // Premultiplied RGBA over white.
  for (let i = 0; i < data.length; i += 4)
    min = Math.min(min, (data[i] as number) + 255 - (data[i + 3] as number));
  return min;
}

describe('text-shadow: none', () => {
  it('draws no shadow: 30% black text is light grey', async () => {
    const svg = await render(
      h('div', { color: 'rgba(0,0,0,0.3)', textShadow: 'none', fontSize: 20 }, 'Light'),
      {
        width: 200,
        height: 40,
      },
    );
    expect(svg).not.toContain('<filter');
    // 30% of black over white: 255 × 0.7 ≈ 178 at the darkest (the shadow made it about 0).
    expect(
      await darkest(h('div', { color: 'rgba(0,0,0,0.3)', textShadow: 'none', fontSize: 20 }, 'Light')),
    ).toBeGreaterThan(170);
  });

  it('in a form control (its own style says none)', async () => {
    const input = hp('input', {
      value: 'Light',
      style: { color: 'rgba(0,0,0,0.3)', border: 0, fontSize: 20 },
    });
    expect(await darkest(input as never)).toBeGreaterThan(170);
  });

  it('overrides an inherited shadow; without it, the shadow is inherited', async () => {
    const shadowed = (child: Record<string, unknown>) =>
      render(h('div', { textShadow: '1px 1px red', fontSize: 20 }, h('div', child, 'Text')), {
        width: 200,
        height: 40,
      });
    expect(await shadowed({ textShadow: 'none' })).not.toContain('<filter');
    expect(await shadowed({})).toContain('<filter');
  });
});
