// Pictor change percent-edges-layout-units (src/layout-engine/encode.ts, `percentInLayoutUnits`): Chromium resolves
// a percentage margin or padding to whole 64ths of a pixel cut toward zero, so `margin: 0 10%` of 784 px leaves a
// column of 627.21875 px (not 627.2), where content of that width fits on one line (JSON Resume's sceptile theme).
// Chromium repro: packages/core/test/repros/percent-edges-layout-units.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const inlineBlock = (width: number) => h('div', { display: 'inline-block', width, height: 10 });

/** The height of a box with `edges` of 784 px holding inline blocks of 300 px and 327.21875 px. */
async function height(edges: Record<string, string>) {
  const tree = h(
    'div',
    { display: 'block', width: 784 },
    h(
      'div',
      { display: 'block', fontSize: 16, lineHeight: '20px', ...edges },
      inlineBlock(300),
      inlineBlock(327.21875),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 800, height: 100 });
  return found[1]?.height;
}

describe('percentage margins and paddings', () => {
  it('leave the column Chromium leaves (in 64ths of a pixel)', async () => {
    expect(await height({ margin: '0 10%' })).toBe(20);
  });

  it('do so as paddings too', async () => {
    expect(await height({ padding: '0 10%' })).toBe(20);
  });
});
