// Pictor change overflow-line-start (src/text/pictor-overflow-line-start.ts, src/text/index.ts `placePiece`,
// src/text/inline.ts `breakLines`): a left-to-right line wider than its box starts at the box's start whatever its
// `text-align` (CSS Text 3 §7.1; Blink's LineOffsetForTextAlign clamps the offset at zero). A centred résumé name in
// a narrow column overflowed to both sides; right-aligned, to the left. Chromium repro:
// packages/core/test/repros/overflow-line-start.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

const long = 'incomprehensibilities';

/** The left of the piece of `text` in a 60 px box at 100 px aligned `textAlign` (its other content before it). */
async function leftOf(textAlign: string, text: string, ...content: unknown[]) {
  const pieces = await textPieces(
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 300 },
      h('div', { display: 'block', marginLeft: 100, width: 60, textAlign, fontSize: 16 }, ...content),
    ),
    { width: 300, height: 200 },
  );
  return (pieces as { text: string; x: number }[]).find((p) => p.text.includes(text))?.x as number;
}

describe('a line wider than its box', () => {
  it('starts at the box start when centred or right-aligned', async () => {
    expect(await leftOf('center', long, long)).toBeCloseTo(100, 0);
    expect(await leftOf('right', long, long)).toBeCloseTo(100, 0);
  });

  it('starts at the box start in a paragraph with inline boxes', async () => {
    expect(await leftOf('center', long, h('span', {}, 'a'), ' ', h('b', {}, long))).toBeCloseTo(100, 0);
    expect(await leftOf('right', long, h('span', {}, 'a'), ' ', h('b', {}, long))).toBeCloseTo(100, 0);
  });

  it('keeps its alignment when it fits', async () => {
    expect(await leftOf('right', 'ab', 'ab')).toBeGreaterThan(130);
  });
});

/** The left of the piece of `text` in a right-to-left 60 px box at 100 px aligned `textAlign`. */
async function leftOfRtl(textAlign: string, text: string, ...content: unknown[]) {
  const pieces = await textPieces(
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 300 },
      h(
        'div',
        { display: 'block', marginLeft: 100, width: 60, textAlign, direction: 'rtl', fontSize: 16 },
        ...content,
      ),
    ),
    { width: 300, height: 200 },
  );
  return (pieces as { text: string; x: number }[]).find((p) => p.text.includes(text))?.x as number;
}

// Pictor (overflow-line-start, right to left): Blink gives an overflowing right-to-left line the offset of a
// right-aligned one, centred or left-aligned, so it spills out of the left side only.
describe('a right-to-left line wider than its box', () => {
  it('stands where a right-aligned one does when centred or left-aligned', async () => {
    const right = await leftOfRtl('right', long, long);
    expect(right).toBeLessThan(95);
    expect(await leftOfRtl('center', long, long)).toBeCloseTo(right, 0);
    expect(await leftOfRtl('left', long, long)).toBeCloseTo(right, 0);
  });

  it('does so in a paragraph with inline boxes', async () => {
    const content = [h('span', {}, 'a'), ' ', h('b', {}, long)];
    const right = await leftOfRtl('right', long, ...content);
    expect(right).toBeLessThan(95);
    expect(await leftOfRtl('center', long, ...content)).toBeCloseTo(right, 0);
    expect(await leftOfRtl('left', long, ...content)).toBeCloseTo(right, 0);
  });

  it('keeps its alignment when it fits', async () => {
    expect(await leftOfRtl('left', 'ab', 'ab')).toBeCloseTo(100, 0);
  });
});
