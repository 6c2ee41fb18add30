// Pictor change viewport-units-fractional (src/utils.ts, `lengthToNumber`): viewport units (vw, vh, vi, vb, vmin,
// vmax and their small, large and dynamic forms) are fractions of a pixel as Chromium keeps them; satori truncated
// each to whole pixels. Fluid type such as MCSS's `clamp(2em, 1.7143em + 1.4286vi, 2.999em)` or `calc(10px +
// 1.4286vw)` lost up to a pixel per term at an 800 px viewport, and each line of a heading set in it a pixel, so
// an article drifted up by a pixel or two per heading (mcss-readme-georgia).
// Chromium repro: packages/core/test/repros/viewport-units-fractional.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

/** The height of ten lines of `A` at font size `fontSize` and line-height 1, on an 800 × 600 viewport. */
async function tenLines(fontSize: string) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', width: 800, height: 600 },
    h(
      'div',
      { display: 'block', width: 100, fontFamily: 'Inter', fontSize, lineHeight: 1, whiteSpace: 'pre' },
      Array(10).fill('A').join('\n'),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 800, height: 600, fonts });
  return found.find((b) => b.type === 'div' && b.width === 100)?.height ?? 0;
}

describe('viewport units', () => {
  it('keep their fractions (Chromium: ten lines of 1.4286vw, 11.4288 px each, are 114.3 px)', async () => {
    expect(await tenLines('1.4286vw')).toBeCloseTo(114.288, 0);
    expect(await tenLines('1.4286vi')).toBeCloseTo(114.288, 0);
    expect(await tenLines('1.9048vh')).toBeCloseTo(114.288, 0);
    expect(await tenLines('1.9048vmin')).toBeCloseTo(114.288, 0);
    expect(await tenLines('1.4286vmax')).toBeCloseTo(114.288, 0);
  });

  it('in calc() and clamp() keep them in each term (Chromium: calc(10px + 1.4286vw) is 21.4288 px)', async () => {
    expect(await tenLines('calc(10px + 1.4286vw)')).toBeCloseTo(214.288, 0);
    expect(await tenLines('clamp(1em, 10px + 1.4286vi, 3em)')).toBeCloseTo(214.288, 0);
  });
});
