// Pictor change inline-static-position (src/pictor-inline-static-position.ts, src/layout.ts): an absolutely
// positioned box that was inline-level, without insets, stands where it would in its line (CSS 2 §10.3.7, Blink's
// static position of an out-of-flow inline): after the text before it, on that text's line; in a block without
// inline content, where `text-align` starts an empty line (the middle of a centred block). satori placed it as a
// block: at the content box's start, below the text. Chromium repro: packages/core/test/repros/inline-static-position.html.
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const text = { fontFamily: 'Inter', fontSize: 16, lineHeight: '20px' };

/** The box of the `b` span in a 300 px block of the style given, holding `before` then the span. */
async function spanBox(
  style: Record<string, unknown>,
  before: string,
  spanStyle: Record<string, unknown> = {},
) {
  const root = hp(
    'div',
    { style: { display: 'block', width: 300, height: 100, position: 'relative', ...text, ...style } },
    before,
    hp('b', { style: { position: 'absolute', ...spanStyle } }, 'Hello'),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 100 });
  return found.find((b) => b.type === 'b')!;
}

describe('the static position of an absolutely positioned inline box', () => {
  it('is where a centred empty line starts', async () => {
    expect((await spanBox({ textAlign: 'center' }, '')).left).toBe(150);
    expect((await spanBox({ textAlign: 'right' }, '')).left).toBe(300);
    expect((await spanBox({}, '')).left).toBe(0);
  });

  it('is after the text before it, on its line', async () => {
    const box = await spanBox({}, 'Text before ');
    expect(Math.abs(box.top)).toBeLessThanOrEqual(1);
    expect(box.left).toBeGreaterThan(60);
  });

  it('keeps an inset it has', async () => {
    expect((await spanBox({ textAlign: 'center' }, '', { left: 10 })).left).toBe(10);
  });
});
