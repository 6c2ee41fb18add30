// Pictor change abspos-fit-within-insets (src/layout-engine/pictor-abspos-fit.ts): an absolutely positioned box with
// an auto width and one horizontal inset is fitted into its containing block's width less that inset and its margins
// (CSS 2 §10.3.7), as Chromium fits it. The layout engine fitted it into the whole width: devportfolio's hero name
// (`left: 50%; transform: translate(-50%, -50%)`) stayed on one line where Chromium breaks it onto two.
// Chromium repro: packages/core/test/repros/abspos-fit-within-insets.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

/** The laid-out box of a `p` absolutely positioned in a 400 × 300 relative box, with the style given. */
async function box(style: Record<string, string | number>, text = 'Ryan Fitzgerald') {
  const root = hp(
    'div',
    { style: { position: 'relative', width: 400, height: 300, fontSize: 40 } },
    hp('p', { style: { position: 'absolute', margin: 0, top: 10, ...style } }, text),
  );
  const { boxes: found } = await boxes(root, { width: 400, height: 300 });
  return found.find((b) => b.type === 'p')!;
}

describe('an absolutely positioned box with an auto width and one inset', () => {
  it('fits in the room right of `left: 50%`: its words on two lines, as wide as that room', async () => {
    const one = await box({ left: 0 });
    const half = await box({ left: '50%' });
    const word = await box({ left: 0 }, 'Fitzgerald');
    expect(half.height).toBeGreaterThan(one.height * 1.5);
    // Shrink-to-fit: min(max(min-content, room), max-content), the longer word being narrower than the room.
    expect(word.width).toBeLessThan(200);
    expect(half.width).toBe(200);
  });

  it('fits in the room a px inset and its margins leave, padding included', async () => {
    const room = await box({ left: 150, marginLeft: 10, padding: '0 10px' }, 'some words here to wrap');
    expect(room.width).toBeLessThanOrEqual(400 - 160);
    expect(room.height).toBeGreaterThan(60);
  });

  it('fits in the room left of `right`', async () => {
    const right = await box({ right: 200 });
    expect(right.width).toBeLessThanOrEqual(200);
    expect(right.left + right.width).toBe(200);
  });

  it('keeps its min-content width when that is wider than the room', async () => {
    const narrow = await box({ left: 350 }, 'Fitzgerald');
    const wide = await box({ left: 0 }, 'Fitzgerald');
    expect(narrow.width).toBe(wide.width);
  });

  it('stays as wide as its content where that fits', async () => {
    const fits = await box({ left: 100 }, 'Ryan');
    const free = await box({ left: 0 }, 'Ryan');
    expect(fits.width).toBe(free.width);
  });
});
