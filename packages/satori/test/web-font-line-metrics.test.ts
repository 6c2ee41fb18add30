// Pictor change web-font-line-metrics: a face that sets USE_TYPO_METRICS (OS/2 fsSelection bit 7) is laid out with
// its typographic ascender, descender and line gap, as Chromium's Skia/FreeType reads it; others with hhea. Latin
// Modern (latex.css, LaTeX.css's web font): typographic 806 / -195 / 200, hhea 1127 / -290 / 0 of 1000. Chromium
// repro: packages/core/test/repros/web-font-line-metrics.html (html-web-font-metrics.test.ts).
import { describe, expect, it } from 'vitest';
import { h, latinModern, render, svgSize } from './render.js';

const options = { fonts: [latinModern] };
const text = (style: Record<string, unknown>, ...children: unknown[]) =>
  h('div', { display: 'flex', fontFamily: 'Latin Modern', ...style }, ...children);

describe('web-font-line-metrics', () => {
  it('takes the typographic metrics under USE_TYPO_METRICS: 16px lines are 13 + 3 + 3 = 19px (hhea: 23)', async () => {
    expect(svgSize(await render(text({ fontSize: 16 }, 'Hg'), options)).height).toBe(19);
    // 13px: 10 + 3 + 3 (10.48, 2.54, 2.6); 40px: 32 + 8 + 8.
    expect(svgSize(await render(text({ fontSize: 13 }, 'Hg'), options)).height).toBe(16);
    expect(svgSize(await render(text({ fontSize: 40 }, 'Hg'), options)).height).toBe(48);
  });

  it('places the baseline by the typographic ascent and descent under a fixed line height', async () => {
    // 40px in a 52px line: ascent 32, descent 8, half-leading 6: the baseline at 38 (with hhea, 45 + 12 = 57 > 52:
    // half-leading -3, baseline at 42).
    const svg = await render(text({ fontSize: 40, lineHeight: '52px', width: 200 }, 'Hg'), {
      ...options,
      embedFont: false,
    });
    expect(/<text[^>]* y="([\d.]+)"/.exec(svg)?.[1]).toBe('38');
  });
});
