// Pictor change vertical-align-middle-x-height: `vertical-align: middle` puts an atomic inline's middle half the
// parent font's x-height above the baseline (its OS/2 sxHeight: Inter 0.546 em), as Chromium does; satori 0.63.2
// took a quarter em. At 16.67 px that is 4.55 px, not 4.17: a 15 px icon with a 3.64 px bottom margin (JSON Resume
// theme relaxed's `.icon { height: .9em; vertical-align: middle; margin-block-end: .4ex }`) sat 0.38 px low and
// made each line that much taller. Chromium repro: packages/core/test/repros/vertical-align-middle-x-height.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const SVG =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='24' height='24'%3E%3Crect width='24' height='24' fill='blue'/%3E%3C/svg%3E";

/** The top of the last of `count` lines: Inter at `fontSize`, each with a middle-aligned image and text. */
async function lastLineTop(count: number, fontSize: number, size: number, marginBottom: number) {
  const lines = Array.from({ length: count }, () =>
    h(
      'div',
      {},
      hp('img', {
        src: SVG,
        width: size,
        height: size,
        style: { width: size, height: size, verticalAlign: 'middle', marginBottom },
      }),
      'Text',
    ),
  );
  const { boxes: found } = await boxes(
    h('div', { display: 'flex', flexDirection: 'column', width: 300, fontSize }, ...lines),
    { width: 300, height: 600 },
  );
  return found.filter((b) => b.type === 'div').at(-1)?.top;
}

describe('vertical-align: middle', () => {
  it('16.67 px, a 15 px image with a 3.64 px bottom margin: lines of 20.77 px (Chromium 20.77; a quarter em: 21.15)', async () => {
    // The middle 4.55 px above the baseline (16): the margin box reaches 20.77 px below the line's top.
    expect(await lastLineTop(13, 16.6667, 15, 3.63787)).toBeCloseTo(12 * 20.77, 0);
  });

  it('32 px, a 20 px image with a 16 px bottom margin: lines of 40.27 px (a quarter em: 41)', async () => {
    // Ascent 31, descent 8; the middle 8.73 px above the baseline, the margin box 18 px below that.
    expect(await lastLineTop(10, 32, 20, 16)).toBeCloseTo(9 * 40.27, 0);
  });

  it('an image within the line box leaves it as it is (20 px)', async () => {
    expect(await lastLineTop(10, 16.6667, 15, 0)).toBe(180);
  });
});
