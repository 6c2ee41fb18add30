// Pictor change legacy-property-aliases: `grid-gap`, `grid-row-gap` and `grid-column-gap` are the gaps (Pico's
// `.grid`), `word-wrap` is `overflow-wrap`, in style sheets and inline styles. Chromium repro:
// packages/core/test/repros/grid-legacy-gaps.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const cell = () => h('div', { height: 20, background: '#00f' });

/** The left of each cell of a three-column grid styled by `css` (class `g`) or by `style`. */
async function lefts(css: string, style: Record<string, unknown> = {}) {
  const grid = {
    type: 'div',
    props: {
      className: 'g',
      style: { display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', ...style },
      children: [cell(), cell(), cell()],
    },
  };
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 320, height: 100 },
    { type: 'style', props: { children: css } },
    grid,
  );
  const { boxes: found } = await boxes(root as never, { width: 320, height: 100 });
  return found
    .filter(
      (b) =>
        b.type === 'div' &&
        b.height === 20 &&
        (b as { props?: { className?: string } }).props?.className !== 'g',
    )
    .map((b) => Math.round(b.left));
}

describe('legacy property aliases', () => {
  it('grid-column-gap in a style sheet is column-gap', async () => {
    expect(await lefts('.g { grid-column-gap: 10px }')).toEqual([0, 110, 220]);
  });

  it('grid-gap in a style sheet is gap, and a later column-gap overrides it in cascade order', async () => {
    expect(await lefts('.g { grid-gap: 10px }')).toEqual([0, 110, 220]);
    expect(await lefts('.g { grid-gap: 10px; column-gap: 40px }')).toEqual([0, 120, 240]);
  });

  it('gridColumnGap in an inline style is columnGap', async () => {
    expect(await lefts('', { gridColumnGap: 10 })).toEqual([0, 110, 220]);
  });
});
