// Pictor change minified-values: a function ends a value as CSS tokenizes it, so `margin: calc(1rem*-1)0` (what a
// minifier, or @pictor/core's css-tree when it rewrites a sheet, makes of `calc(var(--x) * -1) 0`: Pico's
// `nav details.dropdown`) is two values, not one invalid one. Chromium repro:
// packages/core/test/repros/minified-calc-shorthand.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function box(css: string) {
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 200, height: 200, paddingTop: 50, paddingLeft: 50 },
    { type: 'style', props: { children: css } },
    hp('div', { className: 'a', style: { width: 40, height: 20 } }),
  );
  const errors: string[] = [];
  const { boxes: found } = await boxes(root as never, {
    width: 200,
    height: 200,
    onStyleError: (error: Error) => errors.push(error.message),
  });
  const a = found.find((b) => b.type === 'div' && b.height === 20);
  return { left: a?.left, top: a?.top, errors };
}

describe('minified values', () => {
  it('margin: calc(…)0 is a vertical and a horizontal margin', async () => {
    expect(await box('.a { margin: calc(10px*-1)0 }')).toEqual({ left: 50, top: 40, errors: [] });
    expect(await box('.a { margin: 0 calc(5px*2)}')).toEqual({ left: 60, top: 50, errors: [] });
  });

  it('padding and gap too: calc(…)calc(…)', async () => {
    const { errors } = await box('.a { padding: calc(1px + 1px)calc(2px*2); gap: calc(1px)2px }');
    expect(errors).toEqual([]);
  });
});
