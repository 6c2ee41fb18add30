// Pictor change font-relative-line-widths: `ex` is the font's x-height (OS/2 sxHeight: Inter's 0.546 em), not half
// the font size; `ex` and `ch` are lengths of border and outline widths and of text-decoration thickness (the whole
// declaration was dropped: `border-block-start: .2ex solid #789`, `text-decoration: underline #0ff solid .15ex`, JSON
// Resume theme relaxed); and `ch`, the advance of `0`, is measured without whole-pixel rounding at 1 px (every `ch`
// was 1 em). Chromium repro: packages/core/test/repros/font-relative-line-widths.html.
import { describe, expect, it } from 'vitest';
import { fonts, h, render, svgSize } from './render.js';

const box = (style: Record<string, unknown>) =>
  render(
    h('div', { display: 'flex', fontSize: 16, fontFamily: 'Inter' }, h('div', { display: 'flex', ...style })),
  );

describe('ex and ch', () => {
  it('20ex at 16 px Inter is 174.7 px (x-height 1118/2048 em)', async () => {
    expect(svgSize(await box({ width: '20ex', height: 4 })).width).toBeCloseTo(174.7, 0);
  });

  it('10ch at 16 px Inter is about ten zeros, also with whole-pixel advances (not 160 px)', async () => {
    const { width } = svgSize(
      await render(
        h(
          'div',
          { display: 'flex', fontSize: 16, fontFamily: 'Inter' },
          h('div', { width: '10ch', height: 4 }),
        ),
        { fonts: fonts.map((f) => ({ ...f, wholePixelAdvances: true })) },
      ),
    );
    expect(width).toBeGreaterThan(95);
    expect(width).toBeLessThan(105);
  });

  it('a border of .5ex is drawn and counts 4.4 px', async () => {
    const svg = await box({ width: 50, height: 10, borderTop: '.5ex solid #789' });
    expect(svgSize(svg).height).toBeCloseTo(14.4, 0);
  });

  it('a text-decoration of .4ex thickness is kept', async () => {
    const svg = await render(
      h('div', { display: 'flex', fontSize: 16, textDecoration: 'underline #0cc solid .4ex' }, 'link'),
    );
    expect(svg).toMatch(/#0cc|rgb\(0,\s*204,\s*204\)/i);
  });
});
