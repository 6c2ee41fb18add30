// Pictor change outside-marker-border-box (src/pictor-marker-offset.ts): an outside list marker hangs off the list
// item's border box, as in Chromium: the item's start padding and border move its text, not its marker (JSON
// Resume's caffeine theme: `ul li { padding-left: 10px }`, bullets 10 px right of Chromium's). Chromium repro:
// packages/core/test/repros/list-marker-padded-item.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, render, textPieces } from './render.js';

const item = (list: string, itemStyle: Record<string, unknown>) =>
  h(
    'div',
    { display: 'block', width: 300, fontSize: 16 },
    h(list, { marginTop: 0 }, h('li', itemStyle, 'Item')),
  );

/** The left edge of the bullet (a disc: a 5 px rounded path). */
async function bulletX(itemStyle: Record<string, unknown>) {
  const svg = await render(item('ul', itemStyle), { width: 300, height: 60 });
  return Number(/<path x="([\d.]+)"[^>]*width="5"/.exec(svg)?.[1]);
}

/** The left edge of the number of an ordered item. */
async function numberX(itemStyle: Record<string, unknown>) {
  const pieces = await textPieces(item('ol', itemStyle), { width: 300, height: 60 });
  return pieces.find((p) => p.text.startsWith('1'))?.x;
}

describe('outside list markers of padded items', () => {
  it('a bullet stays where it is without the padding or border', async () => {
    const plain = await bulletX({});
    expect(Number.isFinite(plain)).toBe(true);
    expect(await bulletX({ paddingLeft: 10 })).toBe(plain);
    expect(await bulletX({ paddingLeft: 6, borderLeft: '4px solid red' })).toBe(plain);
  });

  it('so does the number of an ordered item', async () => {
    expect(await numberX({ paddingLeft: 30 })).toBe(await numberX({}));
  });
});
