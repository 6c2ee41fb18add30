// Pictor change inline-box-line-relative: `vertical-align: top` and `bottom` on an inline box (a span, a
// `::before`) align it to the line box's top or bottom edge, as Chromium does; satori aligned only atomic inlines
// so and set such text on the baseline, so a large bullet of a small line-height (WeasyPrint's report: `li::before
// { content: '• '; font-size: 40pt; line-height: 16pt; vertical-align: bottom }`) made each line taller. Chromium
// repro: packages/core/test/repros/inline-box-line-relative.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

/** Where the marker box below a one-line paragraph starts: the paragraph's height. */
async function lineHeight(verticalAlign: string) {
  const el = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 200, fontSize: 15, lineHeight: '22px' },
    h(
      'div',
      {},
      h('span', { fontSize: 53, lineHeight: '21px', verticalAlign, color: 'orange' }, '• '),
      'item',
    ),
    h('div', { height: 10, backgroundColor: 'red' }),
  );
  const svg = await render(el, { width: 200, height: 120 });
  const marker =
    /<rect[^>]*y="([\d.]+)"[^>]*fill="red"/.exec(svg) ?? /<path[^>]*fill="red"[^>]*d="M0 ([\d.]+)/.exec(svg);
  return Number(marker?.[1]);
}

describe('vertical-align: top and bottom on inline boxes', () => {
  it('a tall bullet of a short line-height aligned to the bottom keeps the line at its line-height', async () => {
    expect(await lineHeight('bottom')).toBe(22);
    expect(await lineHeight('top')).toBe(22);
  });

  it('on the baseline, the same bullet makes the line taller (as in Chromium)', async () => {
    expect(await lineHeight('baseline')).toBeGreaterThan(25);
  });
});
