// Pictor change inline-box-middle: an inline box with `vertical-align: middle` has its vertical midpoint at the
// parent's baseline plus half the parent's x-height (CSS 2.1 §10.8.1), which lowers a box of the parent's font a
// little; its inline box then reaches below the strut and the line grows, as in Chromium (résumé theme eloquent's
// contact lines, 14px text at line-height 20px: 21.3 px a line). Chromium repro:
// packages/core/test/repros/inline-middle-line-growth.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, hp } from './render.js';

async function lineBox(align: string | undefined) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 300, height: 100, fontFamily: 'Inter' },
    hp(
      'div',
      { class: 'p', style: { display: 'block', fontSize: 14, lineHeight: '20px' } },
      hp('span', { style: align ? { verticalAlign: align } : {} }, '(912) 555-4321'),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 300, height: 100, fonts });
  return found.find((b) => b.type === 'div' && b.width === 300 && b.height < 100);
}

describe('inline boxes aligned to the middle', () => {
  it('are lowered to the middle of the x-height, and their line grows to hold them', async () => {
    const box = await lineBox('middle');
    expect(box?.height).toBeGreaterThan(20.8);
    expect(box?.height).toBeLessThan(22);
  });

  it('a baseline-aligned box keeps the line at its line-height', async () => {
    expect((await lineBox(undefined))?.height).toBe(20);
  });
});
