// Pictor change nested-list-margins: the UA sheet's `:is(dir, dl, menu, ol, ul) :is(dir, dl, menu, ol, ul)
// { margin-block: 0 }` counts `dl` on both sides: a `ul` in a `dd` (a CV's highlights under each job), a `dl` in a
// list item and a `dl` in a `dd` have no vertical margins; lists outside any list or `dl` keep their 1em. Chromium
// repro: packages/core/test/repros/nested-list-margins-dl.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const text = { fontSize: 10, lineHeight: '10px' };

/** The top and height of every box of `type`, in document order. */
async function laidOut(tree: ReturnType<typeof h>, type: string) {
  const { boxes: found } = await boxes(tree, { width: 200, height: 300 });
  return found.filter((b) => b.type === type).map((b) => [b.top, b.height]);
}

describe('vertical margins of lists in lists and definition lists', () => {
  it('a ul in a dd has none, the dl keeps its own', async () => {
    const tree = h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 200, ...text },
      h('dl', {}, h('dt', {}, 'Term'), h('dd', {}, 'Job', h('ul', {}, h('li', {}, 'Did a thing')))),
    );
    // The dl 10px down (its 1em); in it the dt (0–10), the dd (10–30) with the ul right under its text at 20.
    expect(await laidOut(tree, 'dl')).toEqual([[10, 30]]);
    expect(await laidOut(tree, 'ul')).toEqual([[30, 10]]);
  });

  it('a dl in a li or a dd has none either', async () => {
    const tree = h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 200, ...text },
      h('ul', {}, h('li', {}, 'Item', h('dl', {}, h('dt', {}, 'Term'), h('dd', {}, 'Definition')))),
      h('dl', {}, h('dt', {}, 'Term'), h('dd', {}, 'Text', h('dl', {}, h('dt', {}, 'T'), h('dd', {}, 'D')))),
    );
    // ul at 10 (1em), its li's text 10–20, the dl in it 20–40; the ul ends at 40, the outer dl 10 below its margin.
    expect(await laidOut(tree, 'dl')).toEqual([
      [20, 20],
      [60, 40],
      [80, 20],
    ]);
  });

  it('a list in no list or dl keeps its margins', async () => {
    const tree = h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 200, ...text },
      h('div', {}, h('ul', {}, h('li', {}, 'Item'))),
    );
    expect(await laidOut(tree, 'ul')).toEqual([[10, 10]]);
  });
});
