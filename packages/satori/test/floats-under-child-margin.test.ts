// Pictor change floats-under-child-margin (src/layout-engine/encode.ts `chainCarrier`): a block whose only top
// margin that is not zero is its first child's (collapsing through the block's top) and that holds a float. The
// layout engine drew the float where CSS puts it but placed what must keep out of it (a box of its own formatting
// context: a table, flow-root or flex box; a block with `clear`) as if the float ended that margin higher, so the box
// was drawn over the float. Chromium repro: packages/core/test/repros/floats-under-child-margin.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

/**
 * The top of a 100% wide box (`display`, `clear`) after `<div><p style="margin: 16px 0"></p><float 60px/></div>`
 * in a container with 1 px of top padding: the paragraph at 17, the float from 53 to 113.
 */
async function topAfterFloat(display: string, clear = 'none', firstMargin = 16) {
  const root = hp(
    'div',
    { style: { display: 'block', width: 300, paddingTop: 1, paddingBottom: 1 } },
    hp(
      'div',
      { style: { display: 'block' } },
      hp('p', { style: { display: 'block', marginTop: firstMargin, marginBottom: 16, height: 20 } }),
      hp('span', { style: { float: 'left', width: 100, height: 60 } }),
    ),
    hp('section', { style: { display, clear, width: '100%', marginTop: 16, height: 20 } }),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 300 });
  const float = found.find((b) => b.type === 'span')!;
  return { floatBottom: float.top + float.height, top: found.find((b) => b.type === 'section')!.top };
}

describe('a float in a block whose first child margin collapses through its top', () => {
  it('keeps a box of its own formatting context below it', async () => {
    for (const display of ['flow-root', 'flex', 'grid']) {
      expect(await topAfterFloat(display)).toEqual({ floatBottom: 113, top: 113 });
    }
  });

  it('keeps a block that clears it below it', async () => {
    expect(await topAfterFloat('block', 'both')).toEqual({ floatBottom: 113, top: 113 });
  });

  it('moves with a smaller first margin', async () => {
    expect(await topAfterFloat('flow-root', 'none', 7)).toEqual({ floatBottom: 104, top: 104 });
  });
});
