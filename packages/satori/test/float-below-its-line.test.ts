// Pictor change float-below-its-line (src/text/pictor-float-fit.ts, src/layout-engine/pictor-float-lines.ts,
// src/text/inline.ts `floatTopAfter`): a float that takes room and comes after content of its paragraph goes to the
// top of the line holding that content when it fits beside it there, else below that line (CSS 2 §9.5.1 rule 6;
// Chromium's NGLineBreaker::HandleFloat). satori placed every such float at its paragraph's top and wrapped the
// text around it (a résumé's `<strong>title</strong><span style="float:right">dates</span>` at a narrow width).
// Chromium repro: packages/core/test/repros/float-below-its-line.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const float = h(
  'span',
  { display: 'block', float: 'right', width: 80, height: 10, backgroundColor: 'orange' },
  '',
);
const marker = h('span', { display: 'inline-block', width: 7, height: 7, backgroundColor: 'blue' }, '');

async function laidOut(...children: unknown[]) {
  const tree = h(
    'div',
    { display: 'block', width: 200, fontSize: 16, lineHeight: '20px' },
    h('p', { display: 'block', margin: 0 }, ...children),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 400 });
  const box = (w: number, ht: number) =>
    found.find((b: { width: number; height: number }) => b.width === w && b.height === ht);
  return { float: box(80, 10), marker: box(7, 7) };
}

describe('a float that takes room, after content of its paragraph', () => {
  it('goes below the line when it does not fit beside the content before it', async () => {
    // "word word word word" is wider than 200 − 80 px: the float goes below the first line, which stays whole.
    const { float: placed, marker: m } = await laidOut('word word word word', marker, float);
    expect(placed.top).toBe(20);
    expect(m.top).toBeLessThan(20);
  });

  it('stays at the line top when it fits beside the content before it', async () => {
    const { float: placed } = await laidOut('word', float, 'word word word word');
    expect(placed.top).toBe(0);
  });

  it('goes to the top of a later line when it fits there', async () => {
    // Two lines of words, then a short word on the third line and the float: at the third line's top.
    const { float: placed } = await laidOut('word word word word word word word word word ab', float);
    expect(placed.top).toBe(40);
  });
});
