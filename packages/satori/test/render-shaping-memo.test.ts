/**
 * Pictor (render-shaping-memo, speed only): a render shapes each distinct run once. The loader's bounded cache of
 * shaped runs holds 256; a paragraph with more distinct words than that lost each word from the cache between
 * measuring the paragraph, breaking it into lines and drawing it, and shaped it again each time. The runs a render has
 * shaped are now kept for that render. Counted by HarfBuzz shapes (`pictorShapeStats`), with fresh fonts (a new
 * loader, nothing cached from earlier renders); the SVG is the same on a second render, served by the bounded cache.
 */
import { describe, expect, it } from 'vitest';
import { fonts, h, render, shapeStats } from './render.js';

/** Fonts as new buffers: a new font loader, so no shaped run of an earlier render is reused. */
const fresh = () => fonts.map((font) => ({ ...font, data: Buffer.from(font.data) }));

/** `n` distinct words: letters from the counter, so no two are alike. */
function words(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let word = '';
    for (let k = i + 1; k > 0; k = Math.floor(k / 26)) word += String.fromCharCode(97 + (k % 26));
    out.push(`w${word}`);
  }
  return out;
}

const text = words(600).join(' ');
const page = h(
  'div',
  { display: 'flex', flexDirection: 'column', width: 700, fontSize: 14, fontFamily: 'Inter' },
  h('div', { textAlign: 'justify' }, text),
);

const shapes = () => {
  const stats = shapeStats?.() ?? { direct: Number.NaN, json: Number.NaN };
  return stats.direct + stats.json;
};

describe('render shaping memo', () => {
  it('shapes each distinct word of a long paragraph once per render', async () => {
    const list = fresh();
    const before = shapes();
    const first = await render(page, { width: 700, height: 2000, fonts: list });
    const shaped = shapes() - before;
    expect(first.length).toBeGreaterThan(5000);
    // Each word with its space and without it (a line's width leaves the space at its end out), and a few pieces
    // measured alone: 1,203 distinct runs. Without the memo, 1,803 shapes.
    expect(shaped).toBeGreaterThanOrEqual(1200);
    expect(shaped).toBeLessThan(1300);
    // A second render of the same fonts: the same SVG.
    const second = await render(page, { width: 700, height: 2000, fonts: list });
    expect(second).toBe(first);
  });
});
