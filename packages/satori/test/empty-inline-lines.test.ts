// Pictor change empty-inline-lines (src/text/inline.ts, `collapsesAway`, `closeBox`): a line box that holds only the
// start or the end of an inline box split by a block-level element has no height unless that start has an
// inline-start margin, padding or border (that end an inline-end one), as Chromium lays it out (CSS 2 §9.4.2).
// satori kept the line for any edge (Pico's `nav details.dropdown { display: inline; margin: -1rem 0 }` around a
// block `<summary>`: an empty 24 px line before it) and never made the line after the block for an end edge.
// Chromium repro: packages/core/test/repros/empty-inline-lines.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function heights(span: Record<string, unknown>) {
  const tree = h(
    'div',
    { display: 'flow-root', width: 100, fontSize: 16, lineHeight: '24px' },
    h('span', span, h('div', { display: 'block', height: 20 })),
  );
  const { boxes: found } = await boxes(tree, { width: 100, height: 200 });
  const block = found.find((b) => b.type === 'div' && b.height === 20);
  return { container: found[0]?.height, blockTop: block?.top };
}

describe('an inline box split by a block', () => {
  it.each([
    ['vertical negative margins', { margin: '-16px 0' }],
    ['vertical padding', { padding: '10px 0' }],
    ['a top border', { borderTop: '3px solid red' }],
    ['no edges', {}],
  ])('with %s: no line before or after', async (_name, style) => {
    expect(await heights(style)).toEqual({ container: 20, blockTop: 0 });
  });

  it.each([
    ['horizontal padding: a line before and after', { padding: '0 10px' }, { container: 68, blockTop: 24 }],
    ['a left margin: a line before', { marginLeft: 10 }, { container: 44, blockTop: 24 }],
    ['a right margin: a line after', { marginRight: 10 }, { container: 44, blockTop: 0 }],
    ['a right border: a line after', { borderRight: '4px solid red' }, { container: 44, blockTop: 0 }],
  ])('with %s', async (_name, style, expected) => {
    expect(await heights(style)).toEqual(expected);
  });
});
