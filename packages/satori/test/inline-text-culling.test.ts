// Pictor tuning inline-text-culling (speed only): the text of a paragraph with inline boxes is not drawn on lines
// entirely outside of the image, as lines of a paragraph of plain text already were not. A page taller than the
// image (a document rendered at the size of a viewport) wrote the glyphs of every such paragraph below it. The
// pixels are the same; lines that reach into the image, and text under a transform, are still drawn.
import { describe, expect, it } from 'vitest';
import { type Element, h, pixels, render } from './render.js';

const words = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `${tag}${i}`)
    .join(' ')
    .concat(' ');

/** 40 lines of mixed inline text (words and <b>) in a 300 × 100 image: most lines are below it. */
function page(transform?: string): Element {
  return h(
    'div',
    {
      display: 'block',
      width: 300,
      background: '#fff',
      fontFamily: 'Inter',
      fontSize: 14,
      lineHeight: '20px',
    },
    h(
      'p',
      { display: 'block', margin: 0, transform },
      words(100, 'alpha'),
      { type: 'b', props: { children: words(10, 'bold') } },
      words(100, 'omega'),
    ),
  );
}

const runs = (svg: string) => (svg.match(/<path[^>]* d="M[^"]*"/g) ?? []).join('').length;

describe('lines of inline text outside of the image are not drawn', () => {
  it('writes fewer glyphs, with the same pixels', async () => {
    const on = await render(page(), { width: 300, height: 100 });
    const off = await render(page(), {
      width: 300,
      height: 100,
      pictorTunings: { inlineTextCulling: false },
    });
    // The glyphs of the first lines are there in both; those of the last word only without culling.
    expect(on).toContain('fill="black"');
    expect(runs(on)).toBeGreaterThan(0);
    expect(runs(on)).toBeLessThan(runs(off) / 3);
    const [a, b] = [await pixels(on), await pixels(off)];
    expect(a.equals(b)).toBe(true);
  });

  it('draws every line under a transform', async () => {
    const on = await render(page('translateY(-600px)'), { width: 300, height: 100 });
    const off = await render(page('translateY(-600px)'), {
      width: 300,
      height: 100,
      pictorTunings: { inlineTextCulling: false },
    });
    expect(on).toBe(off);
  });
});
