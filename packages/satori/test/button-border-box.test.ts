// Pictor change button-border-box (src/pictor-form-controls.ts): buttons (`<button>`, `<input type=submit|reset|
// button>`) are `box-sizing: border-box` in Chrome's user-agent style, so a width or height the page gives one is its
// border box; the form control preset left them content-box (a 260 px button with 6 px padding was 272 px wide).
// Chromium repro: packages/core/test/repros/button-border-box.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function buttonBox(type: string, props: Record<string, unknown>, style: Record<string, unknown> = {}) {
  const control = hp(type, {
    ...props,
    style: { display: 'block', width: 100, height: 30, padding: 6, border: '2px solid blue', ...style },
  });
  const { boxes: found } = await boxes(h('div', { display: 'block', width: 300 }, control), {
    width: 300,
    height: 100,
  });
  return found.find((b) => b.type === type);
}

describe('a button with a width and a height', () => {
  it.each([
    ['<button>', 'button', {}],
    ['<input type=submit>', 'input', { type: 'submit', value: 'Go' }],
    ['<input type=button>', 'input', { type: 'button', value: 'Go' }],
  ])('%s: they are its border box', async (_name, type, props) => {
    expect(await buttonBox(type, props)).toMatchObject({ width: 100, height: 30 });
  });

  it('content-box when the page says so', async () => {
    expect(await buttonBox('button', {}, { boxSizing: 'content-box' })).toMatchObject({
      width: 116,
      height: 46,
    });
  });
});
