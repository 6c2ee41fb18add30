// Pictor change caption-outside-box: a table's border and background are painted around its rows only; its caption
// (which @pictor/core lays out as a grid item whose margins take back the table's border, padding and spacing, and
// names with `data-pictor-table-caption`) lies outside them, as in Chromium's table wrapper box.
// Chromium repro: packages/core/test/repros/caption-outside-box.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, pixels, render } from './render.js';

async function redAt(side: 'top' | 'bottom') {
  const caption = hp(
    'div',
    {
      'data-pictor-table-caption': `${side} 9`,
      style: {
        gridColumn: '1 / -1',
        gridRow: side === 'top' ? '1' : '2',
        height: 20,
        marginLeft: -9,
        marginRight: -9,
        [side === 'top' ? 'marginTop' : 'marginBottom']: -9,
        [side === 'top' ? 'marginBottom' : 'marginTop']: 9,
      },
    },
    '',
  );
  const cell = h('div', { gridRow: side === 'top' ? '2' : '1', height: 20 });
  const table = h(
    'div',
    { display: 'grid', width: 100, border: '4px solid red', padding: 5, backgroundColor: 'blue' },
    ...(side === 'top' ? [caption, cell] : [cell, caption]),
  );
  const root = h('div', { display: 'block', width: 100, height: 100, backgroundColor: 'white' }, table);
  const rgba = await pixels(await render(root as never, { width: 100, height: 100 }));
  return (y: number) => {
    const i = (y * 100 + 50) * 4;
    return rgba[i] > 200 && rgba[i + 1] < 60 && rgba[i + 2] < 60
      ? 'red'
      : rgba[i + 2] > 200 && rgba[i] < 60
        ? 'blue'
        : 'white';
  };
}

describe("a table's caption outside its box", () => {
  it('above: the border and background start below the caption', async () => {
    const at = await redAt('top');
    // The caption's 20 px, then the 4 px border, 5 px of padding and the row.
    expect([at(2), at(18), at(21), at(25), at(40), at(55), at(58)]).toEqual([
      'white',
      'white',
      'red',
      'blue',
      'blue',
      'red',
      'white',
    ]);
  });

  it('below: the border and background end above the caption', async () => {
    const at = await redAt('bottom');
    expect([at(2), at(6), at(20), at(35), at(40), at(50)]).toEqual([
      'red',
      'blue',
      'blue',
      'red',
      'white',
      'white',
    ]);
  });
});
