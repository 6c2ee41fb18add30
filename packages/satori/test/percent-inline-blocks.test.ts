// Pictor change percent-inline-blocks-fit (src/text/pictor-percent-atomics.ts): inline-blocks sized by percentages
// that add up to the line (MJML's three `33.333333333333336%` columns) fit on it, as in Chromium, which resolves each
// in 1/64 px; rounded to whole pixels they overflowed it and the last wrapped. Chromium repro:
// packages/core/test/repros/mjml-third-columns.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const column = (width: string, extra: Record<string, unknown> = {}) =>
  h('div', { display: 'inline-block', width, height: 30, verticalAlign: 'top', ...extra });

async function tops(...columns: ReturnType<typeof h>[]) {
  const tree = h('div', { display: 'block', width: 560, fontSize: 0 }, ...columns);
  const { boxes: found } = await boxes(tree, { width: 560, height: 200 });
  return found.filter((b) => b.type === 'div').slice(1);
}

describe('inline-blocks whose percentages fill the line', () => {
  it('three of 33.333333333333336% stay on one line', async () => {
    const third = '33.333333333333336%';
    const laidOut = await tops(column(third), column(third), column(third));
    expect(laidOut.map((b) => b.top)).toEqual([0, 0, 0]);
    expect(laidOut[2]?.left).toBeGreaterThan(372);
  });

  it('four quarters fit; a content-box border beyond the line still wraps', async () => {
    const quarter = '25%';
    expect(
      (await tops(column(quarter), column(quarter), column(quarter), column(quarter))).map((b) => b.top),
    ).toEqual([0, 0, 0, 0]);
    const bordered = await tops(column('50%'), column('50%', { borderLeft: '2px solid red' }));
    expect(bordered.map((b) => b.top)).toEqual([0, 30]);
  });
});
