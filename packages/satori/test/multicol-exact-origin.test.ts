// Pictor change multicol-exact-origin (src/pictor-multicol.ts `columns`, `place`; src/layout.ts `paintColumns`): a
// multi-column box's flow (laid out on its own) is rounded on the page's pixels from where its leaf is exactly, as
// Chromium snaps each edge, not from the leaf's rounded corner. Chromium repro:
// packages/core/test/repros/multicol-exact-origin.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const block = (style: Record<string, unknown> = {}) =>
  h('div', { display: 'block', height: 20, backgroundColor: 'blue', ...style });

describe('the content of a multi-column box at a fraction of a pixel', () => {
  it('is rounded where it is on the page (10.4 + 10.4 px: at 21, not 10 + 10)', async () => {
    const tree = h(
      'div',
      { display: 'block', paddingLeft: 10.4, paddingTop: 10.4 },
      h(
        'div',
        { display: 'block', width: 216, columns: 2 },
        block({ marginLeft: 10.4 }),
        h('div', { display: 'block', paddingTop: 10.4 }, block()),
      ),
    );
    const { boxes: found } = await boxes(tree, { width: 400, height: 200 });
    const divs = found.filter((b) => b.type === 'div');
    const [first, , second] = divs.slice(2);
    // Chromium: the first block's left edge at 20.8 px, snapped to 21; the second column's block at 10.4 + 20.8.
    expect(first).toMatchObject({ left: 21, top: 10 });
    expect(second!.top).toBe(21);
  });
});
