// Pictor change controls-inline-block: form controls are atomic inlines whatever inline display the page gives them;
// Chrome computes `display: inline` (or `initial`) on an input, button, select, textarea, progress or meter as
// `inline-block`. Water.css's `[type=radio], [type=checkbox] { display: initial }` left its radio buttons with no box.
// Chromium repro: packages/core/test/repros/controls-inline-block.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function controlBoxes(display: string) {
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 400, height: 200, fontSize: 16 },
    { type: 'style', props: { children: `p > * { display: ${display} }` } },
    hp(
      'p',
      {},
      'a ',
      hp('input', { type: 'radio', checked: true }),
      ' b ',
      hp('input', { type: 'checkbox' }),
      ' c ',
      hp('button', {}, 'Go'),
      ' d ',
      hp('input', { type: 'text', value: 'x' }),
    ),
  );
  const { boxes: found } = await boxes(root as never, { width: 400, height: 200 });
  return found.filter((b) => b.type === 'input' || b.type === 'button');
}

describe('a form control with an inline display', () => {
  it.each(['inline', 'initial'])('display: %s is an inline-block of the control’s size', async (display) => {
    const found = await controlBoxes(display);
    const block = await controlBoxes('inline-block');
    expect(found.map((b) => [b.type, b.width, b.height, b.left, b.top])).toEqual(
      block.map((b) => [b.type, b.width, b.height, b.left, b.top]),
    );
    // The radio button and checkbox keep Chrome's 13 px box.
    expect(found.slice(0, 2).map((b) => [b.width, b.height])).toEqual([
      [13, 13],
      [13, 13],
    ]);
  });
});
