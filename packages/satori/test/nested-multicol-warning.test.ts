// Pictor change nested-multicol-warning (src/layout.ts): a multi-column box inside another one is laid out whole in
// one column of the outer box, where Chromium breaks it between the outer columns; a warning names it rather than
// a silent difference. One multi-column box alone gives no warning.
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

const text = 'Words enough to fill a few lines of a narrow column here and there.';

async function warnings(nested: boolean) {
  const errors: string[] = [];
  const inner = h('div', { display: 'block', columnCount: nested ? 2 : undefined }, text);
  await render(
    h('div', { display: 'block', columnCount: 2, fontFamily: 'Inter', fontSize: 12 }, text, inner),
    {
      width: 300,
      height: 200,
      onStyleError: (error: Error) => errors.push(error.message),
    },
  );
  return errors;
}

describe('a multi-column box inside another', () => {
  it('is named in a warning', async () => {
    expect(await warnings(true)).toContain(
      'a multi-column box inside another multi-column box is kept in one column (Chromium breaks it between the outer columns)',
    );
    expect(await warnings(false)).toEqual([]);
  });
});
