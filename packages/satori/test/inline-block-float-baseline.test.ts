// Pictor change inline-block-float-baseline: an inline-block whose only content is floats has no line boxes of its
// own, so it stands on its line by its bottom margin edge (CSS 2 §10.8.1), and the strut's descent shows below it, as
// Chromium sets md2resume's list of skills (`ol { display: inline-block }` of floated `li`s). satori took the last
// line of the last float as the box's baseline. Chromium repro: packages/core/test/repros/inline-block-float-baseline.html.
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

// Inter 16px on 24px lines: the strut reaches 18px above the baseline and 6px below it. The inline-block is one
// 24px float line and 12px of bottom padding: 36px high. On its bottom edge, the line is 36 + 6 = 42px; on the
// float's baseline (18px down), it was 18 + 18 = 36px.
const line = (...content: unknown[]) =>
  h(
    'div',
    { display: 'block', width: 300, fontSize: 16, lineHeight: '24px' },
    h('div', { display: 'inline-block', width: 200, paddingBottom: 12, backgroundColor: '#def' }, ...content),
  );
const float = (text: string) => h('div', { display: 'block', float: 'left', width: 100 }, text);

describe('inline-block of floats', () => {
  it('stands on its bottom margin edge, the strut descent below it', async () => {
    expect(svgSize(await render(line(float('XHTML'), float('CSS')))).height).toBe(42);
  });

  it('still stands on its last in-flow line when it has one', async () => {
    // The in-flow line's baseline is 18px down its 24px line, under the 24px float row: 42px down a 60px box.
    expect(
      svgSize(await render(line(float('XHTML'), h('div', { display: 'block', clear: 'both' }, 'PHP'))))
        .height,
    ).toBe(60);
  });
});
