// Pictor change columns-shorthand-width (src/handler/expand.ts): `columns: 14em` or
// `columns: 200px` (the shorthand with a column width alone) gives columns of that width, not that many columns.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const block = (height: number) => h('div', { display: 'block', height, backgroundColor: 'blue' });

async function childLefts(columns: unknown) {
  const tree = h(
    'div',
    { display: 'block', width: 330, fontSize: 10, columns, columnGap: 30 },
    block(10),
    block(10),
    block(10),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 400 });
  return found
    .filter((b) => b.type === 'div')
    .slice(1)
    .map((b) => [b.left, b.width]);
}

describe('the columns shorthand with a width', () => {
  it.each([['90px'], ['9em'], ['90px auto'], ['auto 90px']])(
    'columns: %s is three columns of 90 px',
    async (value) => {
      expect(await childLefts(value)).toEqual([
        [0, 90],
        [120, 90],
        [240, 90],
      ]);
    },
  );
});
