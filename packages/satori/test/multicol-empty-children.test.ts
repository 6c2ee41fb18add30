// Pictor change multicol-empty-children (src/pictor-multicol-style.ts `isSpanner`, `hasNestedSpanner`): looking for
// `column-span: all` deeper in a multi-column box read the style of an element's children even where it had none
// (`<div class="rule"></div>`: children undefined), and the render failed ("Cannot read properties of undefined").
// Chromium repro: packages/core/test/repros/multicol-exact-origin.html (empty striped blocks in its columns).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

describe('a multi-column box holding an element without children', () => {
  it('is laid out in its columns', async () => {
    const empty = {
      type: 'div',
      props: { style: { display: 'block', height: 20, backgroundColor: 'blue' } },
    };
    const tree = h(
      'div',
      { display: 'block', width: 216, columns: 2 },
      h('div', { display: 'block' }, empty),
      h('div', { display: 'block' }, { ...empty }),
    );
    const { boxes: found } = await boxes(tree, { width: 400, height: 100 });
    const blocks = found.filter((b) => b.type === 'div').slice(1);
    expect(blocks.map((b) => b.left)).toEqual([0, 0, 116, 116]);
  });
});
