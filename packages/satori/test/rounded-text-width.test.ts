// Pictor change rounded-text-width: text is drawn with the line breaks it was measured with. The layout is rounded to
// whole pixels after it is computed, so a block of 627.2 px at x 86.4 comes out 628 px wide; flowing its text again at
// 628 px drew a heading that needed 627.21 px on one line in a box two lines tall (jsonresume-theme-sceptile's
// education heading in a column of `margin: 0 10%`). Chromium repro: packages/core/test/repros/rounded-text-width.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const TEXT = 'Information Technology , Bachelor - University of Oklahoma';
const LINE = 24;

/** The lines drawn (distinct baselines of the text's pieces) and the height of the text's box. */
async function drawnAndHeight(width: number, left: number) {
  const heading = h(
    'div',
    { display: 'block', fontSize: 20, lineHeight: `${LINE}px`, fontWeight: 700 },
    TEXT,
  );
  const column = h('div', { display: 'block', marginLeft: left, width }, heading);
  const root = h('div', { display: 'block', width: 800, height: 200, background: '#fff' }, column);
  const { svg, boxes: found } = await boxes(root, { width: 800, height: 200, embedFont: false });
  const baselines = new Set([...svg.matchAll(/<text[^>]*? y="([\d.-]+)"/g)].map((m) => m[1]));
  const box = found.find(
    (b) => b.type === 'div' && b.width > 0 && b.height > 0 && b.height % LINE === 0 && b.height < 200,
  );
  return { lines: baselines.size, height: box?.height ?? 0 };
}

describe('text drawn at the width it was measured at', () => {
  for (const inline of [false, true])
    it(`as many lines are drawn as the box is tall, at fractional widths (${inline ? 'inline content' : 'text only'})`, async () => {
      const mismatches: string[] = [];
      for (let width = 570; width <= 600; width += 0.2) {
        const w = Math.round(width * 10) / 10;
        const { lines, height } = await drawnAndHeight(w, 86.4, inline);
        if (lines * LINE !== height) mismatches.push(`${w}: ${lines} line(s) drawn in ${height} px`);
      }
      expect(mismatches).toEqual([]);
    });
});
