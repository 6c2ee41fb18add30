// Pictor change empty-field-baseline (src/form-control.ts `getInputContent`): an empty text field stands on its line
// by the baseline of a line of its text, as Chromium's does, not by its bottom edge (which set it 2-3 px high on a
// line of text). Chromium repro: packages/core/test/repros/empty-field-baseline.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

/** The top of a text field with `props` on a 24 px line of 16 px text. */
async function fieldTop(props: Record<string, unknown>) {
  const root = h(
    'div',
    { display: 'block', width: 400, fontSize: 16, lineHeight: '24px' },
    'Name ',
    hp('input', { type: 'text', ...props }),
  );
  const { boxes: found } = await boxes(root as never, { width: 400, height: 100 });
  return found.find((b) => b.type === 'input')!.top;
}

describe('an empty text field on a line', () => {
  it('sits where one with text does', async () => {
    const filled = await fieldTop({ value: 'abc' });
    expect(await fieldTop({})).toBe(filled);
    expect(await fieldTop({ type: 'search', value: '' })).toBe(filled);
    expect(await fieldTop({ type: 'password' })).toBe(filled);
    expect(await fieldTop({ type: 'email', placeholder: '' })).toBe(filled);
  });
});
