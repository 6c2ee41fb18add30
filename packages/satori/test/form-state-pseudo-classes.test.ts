// Pictor change form-state-pseudo-classes: `:checked`, `:disabled`, `:enabled`, `:required`, `:optional`,
// `:read-write`/`:read-only`, `:placeholder-shown` and `:open` match by the controls' markup, as in a browser on a
// page nobody touched (Spectre's sidebar: `.accordion input:checked ~ .accordion-body { max-height: 50rem }`).
// Chromium repro: packages/core/test/repros/form-state-pseudo-classes.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

/** The heights of the `<div>`s after each control, styled by `css`: 30 where the control's state matched. */
async function heights(css: string, controls: ReturnType<typeof hp>[]) {
  const rows = controls.map((control) =>
    h('div', { display: 'flex' }, control, hp('div', { className: 'after' })),
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

describe('form state pseudo-classes', () => {
  it(':checked: a checked checkbox or radio, not an unchecked one', async () => {
    const found = await heights(':checked ~ .after { height: 30px }', [
      hp('input', { type: 'checkbox', checked: '' }),
      hp('input', { type: 'checkbox' }),
      hp('input', { type: 'radio', checked: 'checked' }),
      hp('input', { type: 'text', checked: '' }),
    ]);
    expect(found).toEqual([30, 10, 30, 10]);
  });

  it(':disabled and :enabled, a disabled fieldset included', async () => {
    const found = await heights(':disabled ~ .after { height: 30px } :enabled ~ .after { width: 10px }', [
      hp('input', { type: 'text', disabled: '' }),
      hp('input', { type: 'text' }),
      hp('button', { disabled: '' }),
    ]);
    expect(found).toEqual([30, 10, 30]);
  });

  it(':required and :optional', async () => {
    const found = await heights(':required ~ .after { height: 30px } :optional ~ .after { height: 20px }', [
      hp('input', { type: 'email', required: '' }),
      hp('input', { type: 'email' }),
    ]);
    expect(found).toEqual([30, 20]);
  });

  it(':placeholder-shown: an empty text field with a placeholder', async () => {
    const found = await heights(':placeholder-shown ~ .after { height: 30px }', [
      hp('input', { type: 'text', placeholder: 'Name' }),
      hp('input', { type: 'text', placeholder: 'Name', value: 'Ada' }),
      hp('input', { type: 'text' }),
    ]);
    expect(found).toEqual([30, 10, 10]);
  });

  it(':read-only is not every element: a text field is read-write', async () => {
    const found = await heights(
      'input:read-only ~ .after { height: 30px } input:read-write ~ .after { height: 20px }',
      [
        hp('input', { type: 'text' }),
        hp('input', { type: 'text', readonly: '' }),
        hp('input', { type: 'checkbox' }),
      ],
    );
    expect(found).toEqual([20, 30, 30]);
  });
});
