// Pictor change inline-static-position-up (src/layout.ts, with src/pictor-inline-static-position.ts and
// src/fixed-position.ts): an absolutely positioned box that was inline-level, without insets, stands where it would
// in its line also when its containing block is further up than its parent (`<div class=item>Name <span
// class=level>` in a positioned column: the skill badges of JSON Resume's keloran and jacrys themes). satori put it
// at the start of the parent's content box, below the text. Chromium repro:
// packages/core/test/repros/inline-static-position-up.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const text = { fontFamily: 'Inter', fontSize: 16, lineHeight: '20px' };

/**
 * The box of the `b` span, relative to the positioned column, in a 300 px item of the style given, holding `before`
 * then the span; the item sits 10 px into a positioned column 40 px from the top.
 */
async function spanBox(
  style: Record<string, unknown>,
  before: string,
  spanStyle: Record<string, unknown> = {},
) {
  const root = hp(
    'div',
    { style: { display: 'block', width: 340, paddingTop: 40 } },
    hp(
      'div',
      { style: { display: 'block', position: 'relative', padding: 10, ...text } },
      hp(
        'div',
        { style: { display: 'block', width: 300, ...style } },
        before,
        hp('b', { style: { position: 'absolute', ...spanStyle } }, 'Hello'),
      ),
    ),
  );
  const { boxes: found } = await boxes(root, { width: 340, height: 140 });
  const b = found.find((x) => x.type === 'b')!;
  return { left: b.left, top: b.top - 40 };
}

describe('the static position of an absolutely positioned inline box whose containing block is further up', () => {
  it('is after the text before it, on its line', async () => {
    const box = await spanBox({}, 'Text before ');
    expect(Math.abs(box.top - 10)).toBeLessThanOrEqual(1);
    expect(box.left).toBeGreaterThan(70);
  });

  it('is where a centred empty line starts', async () => {
    expect((await spanBox({ textAlign: 'center' }, '')).left).toBe(160);
  });

  it('keeps the inset it has on one axis', async () => {
    const box = await spanBox({}, 'Text before ', { top: 0 });
    expect(box.top).toBe(0);
    expect(box.left).toBeGreaterThan(70);
  });
});
