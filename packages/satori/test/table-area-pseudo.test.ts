// Pictor change table-area-pseudo: the absolutely positioned ::after of a positioned `display: contents` row group
// that names its grid area (`data-pictor-area`, set by @pictor/core's table translation) is laid out in a box over
// that area, as a row group is its containing block in browsers. Chromium repro:
// packages/core/test/repros/table-group-pseudo.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const css =
  '.g { position: relative } .g::after { content: ""; position: absolute; left: 0; right: 0; bottom: 0; height: 3px; background: #2563eb }';

function table(groupProps: Record<string, unknown>) {
  // Cells are placed explicitly, as the table translation places them.
  const cell = (text: string, row: number, column: number) =>
    h('div', { display: 'block', height: 20, gridRow: `${row}`, gridColumn: `${column}` }, text);
  return h(
    'div',
    { display: 'flex', width: 300, height: 200 },
    hp('style', {}, css),
    h(
      'div',
      {
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        alignSelf: 'flex-start',
        marginTop: 50,
        marginLeft: 40,
        width: 200,
      },
      hp(
        'div',
        { class: 'g', style: { display: 'contents' }, ...groupProps },
        cell('a', 1, 1),
        cell('b', 1, 2),
      ),
      cell('c', 2, 1),
      cell('d', 2, 2),
    ),
  );
}

/** The laid-out box of the one element whose box is 3 px tall: the ::after rule. */
async function rule(groupProps: Record<string, unknown>) {
  const { boxes: found } = await boxes(table(groupProps), { width: 300, height: 200 });
  return found.find((b) => b.height === 3);
}

describe('positioned pseudo-elements of a display: contents row group', () => {
  it('are placed in the area the group covers', async () => {
    expect(await rule({ 'data-pictor-area': '1 / span 1' })).toMatchObject({
      left: 40,
      top: 67,
      width: 200,
      height: 3,
    });
  });

  it('run to the page without an area, as before', async () => {
    const box = await rule({});
    expect(box?.width).toBe(300);
  });
});
