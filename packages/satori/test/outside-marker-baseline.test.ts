// Pictor change outside-marker-baseline (src/pictor-marker-baseline.ts): an outside list marker sits on the first line
// of the paragraph inside its item with the item's font and line height; when its baseline is further down its line
// than the paragraph's (a taller line height on the item), Chromium moves the paragraph down by the difference.
// Boost's `li { line-height: 1.3 }` around `p { line-height: 1.15 }` at 10pt put each paragraph 1 px lower.
// Chromium repro: packages/core/test/repros/outside-marker-baseline.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

/** The tops and heights of the list items and of their paragraphs. */
async function items(itemStyle: Record<string, unknown>, paragraphStyle: Record<string, unknown>) {
  const item = (text: string) =>
    h(
      'li',
      { display: 'list-item', ...itemStyle },
      h('p', { display: 'block', margin: 0, ...paragraphStyle }, text),
    );
  const tree = h(
    'div',
    { display: 'block', width: 300, fontFamily: 'Inter' },
    h('ul', { display: 'block', margin: 0, paddingLeft: 30 }, item('One'), item('Two')),
  );
  const { boxes: found } = await boxes(tree, { width: 300, height: 200, fonts });
  const of = (type: string) => found.filter((b) => b.type === type).map((b) => [b.top, b.height]);
  return { li: of('li'), p: of('p') };
}

describe('an outside marker on the first line of a paragraph in its item', () => {
  it("moves the paragraph down to the marker's baseline", async () => {
    // 20px line on the item, 16px on the paragraph (16px Inter): the marker's baseline is 2 px further down, so the
    // paragraph's line is 2 px lower (its top padding) and each item 2 px taller, as in Chromium.
    const { li, p } = await items({ fontSize: 16, lineHeight: '20px' }, { lineHeight: '16px' });
    expect(p).toEqual([
      [0, 18],
      [18, 18],
    ]);
    expect(li).toEqual([
      [0, 18],
      [18, 18],
    ]);
  });

  it('leaves a paragraph with the same line height as its item alone', async () => {
    const { p } = await items({ fontSize: 16, lineHeight: '20px' }, { lineHeight: '20px' });
    expect(p).toEqual([
      [0, 20],
      [20, 20],
    ]);
  });
});
