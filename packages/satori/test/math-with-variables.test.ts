// Pictor changes var-after-operator (src/handler/variables.ts `resolveVariables`) and z-index-calc
// (src/handler/expand.ts): `2*var(--pad)` inside calc(), as minifiers write it, was read by postcss-value-parser as
// one function `2*var` and the declaration dropped (Starlight's "On this page" width); `z-index: calc(200 + 1)`
// (VitePress's layers) was rejected. Chromium repro: packages/core/test/repros/math-with-variables.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, pixels, render } from './render.js';

/** The width of a block with `width` under custom properties `--pad: 10px; --n: 3`. */
async function width(value: string) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 400, height: 20, '--pad': '10px', '--n': '3' },
    h('div', { width: value, height: 20 }),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 20 });
  return found[1]?.width;
}

describe('var() right after an operator', () => {
  it('is substituted as its own token', async () => {
    expect(await width('calc(2*var(--pad))')).toBe(20);
    expect(await width('calc(((100% - 2*var(--pad))*.5))')).toBe(190);
    expect(await width('calc(var(--pad)*var(--n) + 60px/var(--n))')).toBe(50);
  });
});

describe('z-index with calc()', () => {
  it('stacks by the computed integer', async () => {
    const box = (left: number, color: string, zIndex: string) =>
      h('div', { position: 'absolute', left, top: 0, width: 20, height: 10, backgroundColor: color, zIndex });
    // The first box is on top only when its calc() z-index (201) beats the second's (200).
    const svg = await render(
      h(
        'div',
        { display: 'flex', width: 30, height: 10 },
        box(0, '#f00', 'calc(200 + 1)'),
        box(10, '#00f', 'calc(100 * 2)'),
      ),
      { width: 30, height: 10 },
    );
    const px = await pixels(svg);
    expect(Array.from(px.subarray((5 * 30 + 15) * 4, (5 * 30 + 15) * 4 + 3))).toEqual([255, 0, 0]);
  });
});
