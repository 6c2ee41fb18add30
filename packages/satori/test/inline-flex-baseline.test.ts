// Pictor change inline-flex-baseline: an inline-flex (or inline-grid) box sits on the line by its first item: that
// item's baseline, or its bottom border edge when it has none, as Chrome aligns it (CSS Flexbox §8.5). Chromium
// repro: packages/core/test/repros/inline-flex-baseline.html (html-inline-flex-baseline.test.ts).
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

// A 24px icon in a tile with 12px padding on a 24px line of Inter 16px: the strut reaches 18px above the baseline
// and 6px below it. The tile stands on its icon's bottom edge (36px above the baseline, its 12px bottom padding
// below): 48px of line. Standing on its bottom padding, it would reach 48px above the baseline: 54px.
const line = (display: string) =>
  h(
    'div',
    { display: 'block', width: 300, fontSize: 16, lineHeight: '24px' },
    'Icon ',
    h(
      'span',
      { display, padding: 12, backgroundColor: '#eee' },
      h('div', { display: 'block', width: 24, height: 24, backgroundColor: '#333' }),
    ),
  );

describe('inline-flex baseline', () => {
  for (const display of ['inline-flex', 'inline-grid']) {
    it(`${display}: the tile stands on its first item's bottom edge, not on its padding`, async () => {
      expect(svgSize(await render(line(display))).height).toBe(48);
    });
  }
});
