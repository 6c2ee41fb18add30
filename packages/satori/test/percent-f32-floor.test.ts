// Pictor change percent-f32-floor: a percentage goes to the layout engine as the largest 32-bit float not above it, so
// three `width: 33.3333333333%` floats fit their row as in Chrome (rounded to the nearest float they came to
// 920.00006 px of 920 and the third dropped: Materialize's `.col.m4`). Chromium repro:
// packages/core/test/repros/float-thirds.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function tops(rowWidth: number, percent: string) {
  const col = () => h('div', { float: 'left', width: percent, height: 20, background: '#00f' });
  const root = h('div', { display: 'block', width: rowWidth, height: 100 }, col(), col(), col());
  const { boxes: found } = await boxes(root as never, { width: rowWidth, height: 100 });
  return found.filter((b) => b.height === 20).map((b) => b.top);
}

describe('percentages as 32-bit floats', () => {
  it('three floats of 33.3333333333% share one row', async () => {
    for (const width of [920, 896, 1000, 733]) {
      expect(await tops(width, '33.3333333333%')).toEqual([0, 0, 0]);
    }
  });

  it('three floats of 34% still wrap', async () => {
    expect(await tops(920, '34%')).toEqual([0, 0, 20]);
  });
});
