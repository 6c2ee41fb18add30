// Pictor change text-field-intrinsic-width: a text field without a page width, min or max width is never narrower
// than its `size` characters, however narrow its container (Chromium's min-content width of a text field is its
// intrinsic width): a row of wrapping `flex: 1` fields keeps each field that wide and wraps, where Pictor shrank them.
// Chromium repro: packages/core/test/repros/text-field-intrinsic-width.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function fieldWidth(container: Record<string, unknown>, css = '') {
  const root = h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      width: 300,
      height: 200,
      fontSize: 16,
    },
    { type: 'style', props: { children: css } },
    h('div', container, hp('input', { type: 'text', className: 'in' })),
    hp('input', { type: 'email' }),
  );
  const { boxes: found } = await boxes(root as never, { width: 300, height: 200 });
  const [inside, free] = found.filter((b) => b.type === 'input');
  return { inside: inside!.width, free: free!.width };
}

describe('a text field is as wide as its size', () => {
  it('in a container narrower than it', async () => {
    const { inside, free } = await fieldWidth({ width: 20 });
    expect(free).toBeGreaterThan(100);
    expect(inside).toBe(free);
  });

  it('a page width, max-width or min-width wins', async () => {
    // content-box: 50 px and html.css's 2 px padding and 2 px border a side.
    expect((await fieldWidth({ width: 20 }, '.in { width: 50px }')).inside).toBe(58);
    expect((await fieldWidth({ width: 20 }, '.in { max-width: 60px }')).inside).toBeLessThanOrEqual(60);
    expect(
      (await fieldWidth({ display: 'flex', width: 20 }, '.in { min-width: 0 }')).inside,
    ).toBeLessThanOrEqual(20);
  });
});
