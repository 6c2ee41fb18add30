// Pictor change webkit-inline-box: `display: -webkit-inline-box` is the legacy flexible box laid out inline, as
// Chromium lays it out: an atomic inline beside the text of its line, its children along `-webkit-box-orient`
// (Tachyons' `.inline-flex` and Gentelella's `.widget_summary` write it before `inline-flex`). satori rejected the
// value ("Invalid value for CSS property display") and laid the box out as a block of its own.
// Chromium repro: packages/core/test/repros/webkit-inline-box.html.
import { describe, expect, it } from 'vitest';
import { hp, pixels, render } from './render.js';

async function colours(boxStyle: Record<string, unknown>) {
  const child = (bg: string) => hp('div', { style: { width: 10, height: 10, backgroundColor: bg } });
  const svg = await render(
    hp(
      'div',
      { style: { display: 'flex', width: 60 } },
      hp(
        'div',
        { style: { display: 'block', width: 60, fontSize: 0, lineHeight: 0 } },
        hp('span', {
          style: {
            display: 'inline-block',
            width: 20,
            height: 10,
            backgroundColor: '#00ff00',
            verticalAlign: 'top',
          },
        }),
        hp(
          'div',
          { style: { display: '-webkit-inline-box', verticalAlign: 'top', ...boxStyle } },
          child('#ff0000'),
          child('#0000ff'),
        ),
      ),
    ),
    { width: 60, height: 40 },
  );
  const px = await pixels(svg);
  const at = (x: number, y: number) => Array.from(px.subarray((y * 60 + x) * 4, (y * 60 + x) * 4 + 3));
  return { first: at(25, 5), right: at(35, 5), below: at(25, 15) };
}

describe('display: -webkit-inline-box', () => {
  it('sits on the line after the inline content before it, its children side by side', async () => {
    const { first, right } = await colours({});
    expect(first).toEqual([255, 0, 0]);
    expect(right).toEqual([0, 0, 255]);
  });

  it('stacks its children with -webkit-box-orient: vertical', async () => {
    const { first, right, below } = await colours({ WebkitBoxOrient: 'vertical' });
    expect(first).toEqual([255, 0, 0]);
    expect(below).toEqual([0, 0, 255]);
    expect(right).not.toEqual([0, 0, 255]);
  });
});
