// Pictor change bidi-blocks: under `direction: rtl` the user agent's inline-start margins and padding are on the
// right (`padding-inline-start: 40px` of lists, `margin-inline-start` of <dd>), and list markers hang on the right of
// the first line, as in Chrome. satori 0.63.2 kept them on the left, so right-to-left items touched the list's right
// edge and their markers were drawn past it. Chromium repro: packages/core/test/repros/bidi-blocks.html
// (html-bidi.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const list = (type: 'ul' | 'ol') =>
  h(
    'div',
    { display: 'block', width: 300, direction: 'rtl', fontSize: 16 },
    h(type, { marginTop: 0 }, h('li', {}, 'abc')),
  );

describe('lists under direction: rtl', () => {
  it('pad the list on the right, its marker hanging in that padding', async () => {
    const { boxes: found } = await boxes(list('ul'), { width: 300, height: 60 });
    const [, ul, li, marker] = found;
    expect([ul?.type, li?.type]).toEqual(['ul', 'li']);
    // The item is the list's width less 40px on the right.
    expect(li?.left).toBe(0);
    expect(li?.width).toBe(260);
    // The disc is right of the item, in the padding.
    expect(marker?.left).toBeGreaterThan(260);
    expect(marker?.left).toBeLessThan(300);
  });

  it('keep an inside-start margin of <dd> on the right', async () => {
    const { boxes: found } = await boxes(
      h('div', { display: 'block', width: 300, direction: 'rtl' }, h('dl', {}, h('dd', {}, 'x'))),
      { width: 300, height: 60 },
    );
    const dd = found.find((b) => b.type === 'dd');
    expect([dd?.left, dd?.width]).toEqual([0, 260]);
  });
});
