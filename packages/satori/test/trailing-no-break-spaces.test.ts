// Pictor change trailing-no-break-spaces-stay: no-break spaces at the end of a line take their width, as in Chrome
// (only spaces and tabs hang). Chromium repro: packages/core/test/repros/float-after-break.html, its "Trailing"
// button (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function buttonWidth(tail: string) {
  const button = h('div', { display: 'block', fontSize: 16 }, '\u00a0\u00a0A ', h('b', {}, 'Button'), tail);
  const { boxes: found } = await boxes(h('div', { display: 'flex', alignItems: 'flex-start' }, button), {
    width: 300,
    height: 40,
  });
  return found[1].width;
}

describe('trailing no-break spaces', () => {
  it("keep their width in a shrink-to-fit box (e-mail's `&nbsp;&nbsp;A Button&nbsp;&nbsp;`)", async () => {
    const withSpaces = await buttonWidth('\u00a0\u00a0');
    const without = await buttonWidth('');
    expect(withSpaces - without).toBeGreaterThanOrEqual(7);
    // Collapsible spaces still hang.
    expect(await buttonWidth('  ')).toBe(without);
  });
});
