// Pictor change flex-shorthand-functions (src/handler/expand.ts `parseFlexShorthand`): a `flex` shorthand whose
// basis is a function (`flex: 0 0 calc(3/12*100%)`, Infima's and Bootstrap's grid columns) was dropped whole ("Failed
// to parse declaration"), so the columns lost their widths. Chromium repro:
// packages/core/test/repros/flex-shorthand-functions.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The widths of three flex items with these `flex` values in a row 400 px wide. */
async function widths(...flex: string[]) {
  const tree = h(
    'div',
    { display: 'flex', width: 400, height: 20 },
    ...flex.map((value) => h('div', { flex: value, height: 20 })),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 20 });
  return found.slice(1).map((b) => b.width);
}

describe('flex shorthand with a function', () => {
  it('takes the basis from calc() and min(), the factors from the numbers', async () => {
    expect(await widths('0 0 calc(3/12*100%)', '0 0 calc(25% + 10px)', '1 calc(10px)')).toEqual([
      100, 110, 190,
    ]);
    expect(await widths('0 0 min(120px, 10%)', '0 1 calc(50%)', 'calc(20px) 0')).toEqual([40, 200, 20]);
  });
});
