// Pictor change block-controls-fit: a form control made block-level (`display: block`, as Water.css and many
// classless sheets style inputs, buttons and drop-downs) keeps its own width in a block container, as in Chromium:
// a text field its `size` characters, a button and a drop-down their content. Pictor stretched them across the line.
// Chromium repro: packages/core/test/repros/block-controls-fit.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function controlWidths(css: string) {
  const root = h(
    'div',
    { width: 400, height: 300, fontSize: 16 },
    { type: 'style', props: { children: css } },
    hp(
      'div',
      { className: 'form' },
      hp('input', { type: 'text', value: 'x' }),
      hp('button', {}, 'Go'),
      hp('select', {}, hp('option', {}, 'One')),
      hp('input', { type: 'submit', value: 'Send' }),
    ),
  );
  const { boxes: found } = await boxes(root as never, { width: 400, height: 300 });
  return found
    .filter((b) => ['input', 'button', 'select'].includes(b.type))
    .map((b) => [b.type, b.width, b.left]);
}

describe('a block-level form control', () => {
  it('is as wide as when it is an inline-block, on its own line', async () => {
    const block = await controlWidths('.form > * { display: block }');
    const inline = await controlWidths('.form > * { display: inline-block }');
    expect(block.map(([type, width]) => [type, width])).toEqual(inline.map(([type, width]) => [type, width]));
    // Laid-out widths in px: each control narrower than the 400 px line it would otherwise fill.
    for (const [, width, left] of block) {
      expect(width).toBeLessThan(300);
      expect(left).toBe(0);
    }
  });

  it('keeps a width of the page, and centres with auto margins', async () => {
    const [field] = await controlWidths('.form > * { display: block; width: 50%; margin: 0 auto }');
    // content-box: 200 px and html.css's 3 px padding and 1 px border a side.
    expect(field![1]).toBe(208);
    expect(field![2]).toBe(96);
    const [own] = await controlWidths('.form > * { display: block; margin: 0 auto }');
    expect(own![2]).toBeGreaterThan(50);
  });
});
