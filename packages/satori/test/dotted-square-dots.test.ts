// Pictor change dotted-square-dots: dotted borders up to 3 px wide have square dots, as Chromium draws them (round
// from 4 px; satori 0.63.2 made 3 px round), on whole pixels up to the box's right or bottom edge: a 1 px dotted bottom
// border alone started its dots half a pixel off the grid and was drawn as a faint solid line (JSON Resume theme
// relaxed's `#summary { border-block-end: .1ex dotted }`). Chromium repro:
// packages/core/test/repros/dotted-thin-borders.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** The grey values of row `y` from x 20 to 39 of a white canvas with a 40 × 10 box with `border` at its top left. */
async function row(border: Record<string, unknown>, y: number) {
  const svg = await render(
    h(
      'div',
      { display: 'flex', width: 40, height: 20, backgroundColor: '#fff' },
      h('div', { width: 40, height: 10, ...border }),
    ),
    {
      width: 40,
      height: 20,
    },
  );
  const rgba = await pixels(svg);
  return Array.from({ length: 20 }, (_, x) => rgba[(y * 40 + 20 + x) * 4] as number);
}

describe('thin dotted borders', () => {
  it('a 1px dotted bottom border alone: black and white pixels up to the right edge, no grey', async () => {
    const values = await row({ borderBottom: '1px dotted #000' }, 10);
    expect(values.slice(14)).toEqual([255, 0, 255, 0, 255, 0]);
    expect(values.every((v) => v === 0 || v === 255)).toBe(true);
  });

  it('a 1px dotted top border alone: the same', async () => {
    const values = await row({ borderTop: '1px dotted #000' }, 0);
    expect(values.slice(14)).toEqual([255, 0, 255, 0, 255, 0]);
  });

  it('3px dotted: square dots (three solid pixels, three white)', async () => {
    const values = await row({ borderBottom: '3px dotted #000' }, 11);
    expect(values.slice(14)).toEqual([255, 255, 255, 0, 0, 0]);
  });
});
