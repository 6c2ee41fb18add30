// Pictor change line-height-exact: line boxes are exactly as tall as their line-height, fractions kept, as Chrome
// stacks them; glyphs are still drawn on whole pixels. Chromium repro: packages/core/test/repros/line-height-fractional.html
// (html-line-height.test.ts).
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n');

describe('fractional line heights', () => {
  it('30 lines of 16px × 1.4 = 22.4px are 672px tall, not 30 × 22 = 660', async () => {
    const svg = await render(
      h(
        'div',
        { display: 'flex', width: 200, fontSize: 16, lineHeight: 1.4, whiteSpace: 'pre-wrap' },
        lines(30),
      ),
    );
    expect(svgSize(svg).height).toBeCloseTo(672, 0);
  });

  it('in inline formatting (a <span> among text) too', async () => {
    const svg = await render(
      h(
        'p',
        { display: 'block', width: 200, margin: 0, fontSize: 16, lineHeight: 1.4, whiteSpace: 'pre-wrap' },
        lines(16),
        h('span', { fontWeight: 700 }, 'bold'),
        `\n${lines(14)}`,
      ),
    );
    expect(svgSize(svg).height).toBeCloseTo(672, 0);
  });
});
