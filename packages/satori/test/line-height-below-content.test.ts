// Pictor change line-height-below-content: a line-height smaller than the font's ascent + descent (negative
// half-leading) gives line boxes exactly line-height tall, as in Chrome; satori's union of the line's boxes started
// from 0 and so never went below the baseline, making 18 px text at `line-height: 9px` an 11 px line. Chromium repro:
// packages/core/test/repros/line-height-below-content.html (JSON Resume theme direct's `h2 { line-height: .5em }`).
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

const block = (lineHeight: number | string, text = 'Skills') =>
  h('div', { display: 'flex', flexDirection: 'column', width: 200, fontSize: 18, lineHeight }, text);

describe('line-height below the content height', () => {
  it.each([
    ['9px', 9],
    ['6px', 6],
    [0.5, 9],
    ['0px', 0],
  ])('18 px text at line-height %s is a %d px line', async (lineHeight, height) => {
    const svg = await render(block(lineHeight));
    expect(svgSize(svg).height).toBeCloseTo(height, 0);
  });

  it('two lines of line-height 9px are 18 px', async () => {
    const svg = await render(
      h(
        'div',
        { display: 'flex', width: 200, fontSize: 18, lineHeight: '9px', whiteSpace: 'pre-wrap' },
        'a\nb',
      ),
    );
    expect(svgSize(svg).height).toBeCloseTo(18, 0);
  });
});
