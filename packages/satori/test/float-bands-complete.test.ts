// Pictor change float-bands-complete (src/layout-engine/pictor-float-bands.ts, src/layout-engine/index.ts): the
// layout engine gives a paragraph the band of a float placed beside an earlier, shorter float only down to the
// earlier float's bottom, so the lines below that ran under the taller float. Chromium wraps them around the whole
// float (CSS 2 §9.5). Each paragraph is now checked against the floats' margin boxes after a layout and, where the
// engine's bands fall short, laid out again with the floats' whole bands. Chromium repro:
// packages/core/test/repros/float-bands-complete.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

const float = (side: string, width: number, height: number) =>
  h('span', { display: 'block', float: side, width, height, backgroundColor: 'orange' }, '');
const words = 'aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt uu vv ww xx yy zz';

/** The lefts of the words of the paragraph beside `floats`, line by line (a line starts where the left goes back). */
async function lines(...floats: unknown[]) {
  const pieces = (await textPieces(
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 200 },
      h('p', { display: 'block', margin: 0, width: 200, fontSize: 16, lineHeight: '20px' }, ...floats, words),
    ),
    { width: 200, height: 300 },
  )) as { text: string; x: number }[];
  const found: number[][] = [];
  let last = Infinity;
  for (const { text, x } of pieces) {
    if (!text.trim()) continue;
    if (x < last) found.push([]);
    found[found.length - 1].push(x);
    last = x;
  }
  return found;
}

describe('the lines beside a float placed beside a shorter one', () => {
  it('keep out of a taller left float after a short one', async () => {
    // Floats 30 × 20 and 40 × 60 on the left: the first three lines (0–60 px) start at 70 px, the fourth at 0.
    const found = await lines(float('left', 30, 20), float('left', 40, 60));
    expect(found.slice(0, 3).map((line) => line[0])).toEqual([70, 70, 70]);
    expect(found[3][0]).toBe(0);
  });

  it('keep out of a taller right float after a short left one', async () => {
    // A 30 × 20 float on the left, a 60 × 60 one on the right: the first three lines end before 140 px.
    const found = await lines(float('left', 30, 20), float('right', 60, 60));
    for (const line of found.slice(0, 3)) expect(Math.max(...line)).toBeLessThan(140);
    expect(Math.max(...found[3])).toBeGreaterThan(140);
  });
});
