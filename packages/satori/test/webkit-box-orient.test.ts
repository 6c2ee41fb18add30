// Pictor change webkit-box-orient: `display: -webkit-box` lays out its children along `-webkit-box-orient`, as
// Chromium does; `vertical` (with `-webkit-line-clamp` unset or none) stacks them as a column, like PaperMod's home
// `.entry-content`. Chromium repro: packages/core/test/repros/webkit-box-orient.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

async function sizes(boxStyle: Record<string, unknown>) {
  const child = (bg: string) => hp('div', { style: { width: 10, height: 10, backgroundColor: bg } });
  const svg = await render(
    hp(
      'div',
      { style: { display: '-webkit-box', width: 40, ...boxStyle } },
      child('#ff0000'),
      child('#0000ff'),
    ),
    { width: 40, height: 40 },
  );
  const px = await pixels(svg);
  const at = (x: number, y: number) => Array.from(px.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 3));
  return { right: at(15, 5), below: at(5, 15) };
}

describe('display: -webkit-box follows -webkit-box-orient', () => {
  it('vertical stacks the children', async () => {
    const { right, below } = await sizes({ WebkitBoxOrient: 'vertical' });
    expect(below).toEqual([0, 0, 255]);
    expect(right).not.toEqual([0, 0, 255]);
  });

  it('vertical with -webkit-line-clamp: unset still stacks them', async () => {
    const { below } = await sizes({ WebkitBoxOrient: 'vertical', WebkitLineClamp: 'unset' });
    expect(below).toEqual([0, 0, 255]);
  });

  it('horizontal (the default) puts them side by side, whatever flex-direction says', async () => {
    expect((await sizes({})).right).toEqual([0, 0, 255]);
    expect((await sizes({ flexDirection: 'column' })).right).toEqual([0, 0, 255]);
  });
});
