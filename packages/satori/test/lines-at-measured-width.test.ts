// Pictor change lines-at-measured-width: a paragraph's lines are drawn broken as the layout measured them. The layout
// measures a paragraph at its exact width and rounds its box up to a whole pixel; the lines were then broken again
// in that rounded width, where a line a fraction of a pixel too long for the measured width fitted: a cafe menu's
// "Eggs your way" was drawn on one line in a heading two lines tall (Chromium breaks it). Chromium repro:
// packages/core/test/repros/lines-at-measured-width.html (core's html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const paragraph = (width: number) =>
  h(
    'div',
    { display: 'block', width, lineHeight: '20px', fontSize: 16 },
    h('span', {}, 'Eggs your'),
    ' ',
    h('span', {}, 'way'),
  );

/** The heights of the paragraph's box and the tops of its `<text>` pieces. */
async function drawn(width: number) {
  const { svg, boxes: found } = await boxes(paragraph(width), { width: 400, height: 100, embedFont: false });
  const tops = [...svg.matchAll(/<text[^>]*? y="([\d.-]+)"/g)].map((m) => Number(m[1]));
  return { height: found[0].height, lines: new Set(tops).size };
}

describe('a paragraph a fraction of a pixel narrower than its text', () => {
  it('is drawn on as many lines as it is tall', async () => {
    const { boxes: wide } = await boxes(paragraph(300), { width: 400, height: 100 });
    const textRight = Math.max(...wide.slice(1).map((box) => box.left + box.width));
    // In 64ths of a pixel (layout-units), just under the text's width; its box is rounded up to it or past it.
    const width = Math.floor((textRight - 0.02) * 64) / 64;
    expect(Math.ceil(width)).toBeGreaterThanOrEqual(textRight);
    expect(await drawn(width)).toEqual({ height: 40, lines: 2 });
    expect(await drawn(300)).toEqual({ height: 20, lines: 1 });
  });
});
