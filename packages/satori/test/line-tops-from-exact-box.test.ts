// Pictor change line-tops-from-exact-box: a paragraph's lines are drawn on the pixel their top rounds to on the page,
// from where the paragraph was laid out (fractions kept), not from where rounding put its box, as in Chromium. After
// paragraphs of 1.5 × 16.48 px lines (new.css) a paragraph starts at y 49.5625; its second line, 24.72 px lower at
// 74.28, is drawn from 74, where satori drew it from round(49.5625) + round(24.72) = 75.
// Chromium repro: packages/core/test/repros/line-tops-from-exact-box.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

/** The `y` of each `<text>` satori writes with `embedFont: false` (its baseline), in document order. */
async function baselines(paragraph: Record<string, unknown>, ...children: unknown[]) {
  const svg = await render(
    h(
      'div',
      { display: 'block', width: 200, fontSize: 16.48, lineHeight: 1.5 },
      h('p', { margin: 0, height: 49.5625 }),
      h('p', { margin: 0, ...paragraph }, ...children),
    ),
    { fonts, embedFont: false, width: 200, height: 200 },
  );
  return [...new Set([...svg.matchAll(/<text[^>]*? y="([\d.-]+)"/g)].map((m) => Number(m[1])))];
}

describe("a paragraph's lines at a fractional position", () => {
  // The lines' tops are 49.5625 and 74.28125: drawn from 50 and 74, their baselines 18 px lower.
  it('of text only', async () => {
    expect(await baselines({ whiteSpace: 'pre-line' }, 'first line\nsecond line')).toEqual([68, 92]);
  });

  it('with an inline box', async () => {
    expect(
      await baselines(
        { whiteSpace: 'pre-line' },
        'first ',
        h('span', { fontWeight: 700 }, 'bold'),
        '\nsecond',
      ),
    ).toEqual([68, 92]);
  });
});
