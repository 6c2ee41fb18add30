// Pictor change text-align-exact-right (src/layout-engine/index.ts `roundedBy.right`, src/text/index.ts
// `placePiece`): the layout engine rounds a text's box up to the next whole pixel so that its text fits; where the
// box is as wide as its container (a table cell 383.06 px wide), that put right-aligned lines up to a pixel right of
// Chromium's, which aligns them in the exact box. Now they are aligned in the exact box when the rounded one reaches
// past it. Chromium repro: packages/core/test/repros/text-align-exact-right.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

/** The x of a right-aligned word in a block `width` px wide. */
async function rightAligned(width: number) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 400 },
    h('div', { display: 'block', width, textAlign: 'right', fontFamily: 'Inter', fontSize: 16 }, 'Total'),
  );
  const [piece] = await textPieces(tree, { width: 400, height: 40 });
  return piece!.x;
}

describe('a right-aligned line in a box of a fraction of a pixel', () => {
  it('ends at the box’s exact right edge, not the one rounded up', async () => {
    const whole = await rightAligned(200);
    // 200.1 px (a 32-bit float in the layout engine): the box is rounded up to 201; the line ends 0.1 px further right.
    expect((await rightAligned(200.1)) - whole).toBeCloseTo(0.1, 1);
  });
});
