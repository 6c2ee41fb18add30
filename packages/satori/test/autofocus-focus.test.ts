// Pictor change autofocus-focus (src/pictor-form-states.ts): Chromium focuses a page's first focusable `autofocus`
// element as it loads, so `:focus`, `:focus-visible` and `:focus-within` match it (Bulma's login field: blue border
// and focus shadow); satori matched none of them. Chromium repro: packages/core/test/repros/autofocus-focus-state.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

/** The heights of the `<div>`s after each control, styled by `css`: 30 where the pseudo-class matched. */
async function heights(css: string, controls: ReturnType<typeof hp>[]) {
  const rows = controls.map((control) =>
    hp('div', { className: 'row', style: { display: 'flex' } }, control, hp('div', { className: 'after' })),
  );
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 200, height: 400 },
    { type: 'style', props: { children: `.after { width: 10px; height: 10px } ${css}` } },
    ...rows,
  );
  const { boxes: found } = await boxes(root as never, { width: 200, height: 400 });
  return found
    .filter((b) => (b as { props?: { className?: string } }).props?.className === 'after')
    .map((b) => b.height);
}

describe('the element autofocus focuses', () => {
  it(':focus and :focus-visible: the first focusable autofocus element only', async () => {
    const controls = [
      hp('input', { type: 'text' }),
      hp('input', { type: 'text', autofocus: '', disabled: '' }),
      hp('input', { type: 'hidden', autofocus: '' }),
      hp('input', { type: 'email', autofocus: '' }),
      hp('button', { autofocus: '' }),
    ];
    expect(await heights(':focus ~ .after { height: 30px }', controls)).toEqual([10, 10, 10, 30, 10]);
    expect(await heights(':focus-visible ~ .after { height: 30px }', controls)).toEqual([10, 10, 10, 30, 10]);
  });

  it('a button as well', async () => {
    const found = await heights(':focus-visible ~ .after { height: 30px }', [
      hp('input', { type: 'text' }),
      hp('button', { autofocus: '' }),
    ]);
    expect(found).toEqual([10, 30]);
  });

  it(':focus-within: the focused element and its ancestors', async () => {
    const found = await heights('.row:focus-within > .after { height: 30px }', [
      hp('input', { type: 'text' }),
      hp('textarea', { autofocus: '' }),
    ]);
    expect(found).toEqual([10, 30]);
  });

  it('nothing without autofocus', async () => {
    const found = await heights(':focus ~ .after, :focus-within > .after { height: 30px }', [
      hp('input', { type: 'text' }),
      hp('button', {}),
    ]);
    expect(found).toEqual([10, 10]);
  });
});
