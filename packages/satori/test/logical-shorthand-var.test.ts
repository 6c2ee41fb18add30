// Pictor change logical-shorthand-var: a logical shorthand whose var() holds two values (`margin-block:
// var(--m)` with `--m: 12px 4px`, how Vivliostyle's themes set heading margins) gives each side its value; each side
// got the whole variable, invalid for one side, and the margins were lost.
// Chromium repro: packages/core/test/repros/logical-shorthand-var.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

/** The rows where the red block starts and ends, in a column of grey | red | grey blocks. */
async function redRows(style: Record<string, unknown>, rootStyle: Record<string, unknown> = {}) {
  const bar = (background: string, extra = {}) => hp('div', { style: { height: 10, background, ...extra } });
  const svg = await render(
    hp(
      'div',
      { style: { display: 'flex', flexDirection: 'column', width: 20, height: 80, ...rootStyle } },
      hp('div', { style: { display: 'block' } }, bar('#888'), bar('#f00', style), bar('#888')),
    ),
    { width: 20, height: 80 },
  );
  const px = await pixels(svg);
  const rows: number[] = [];
  for (let y = 0; y < 80; y++)
    if (px[(y * 20 + 10) * 4] === 255 && px[(y * 20 + 10) * 4 + 1] === 0) rows.push(y);
  return [rows[0], rows.at(-1)];
}

describe('logical shorthands with var()', () => {
  it('margin-block: var() with two values sets the top and the bottom margin', async () => {
    expect(await redRows({ '--m': '12px 4px', marginBlock: 'var(--m)' })).toEqual([22, 31]);
  });

  it('inherited variables and fallbacks too, as the literal values do', async () => {
    const literal = await redRows({ marginBlock: '12px 4px' });
    expect(await redRows({ marginBlock: 'var(--none, var(--m))' }, { '--m': '12px 4px' })).toEqual(literal);
  });
});
