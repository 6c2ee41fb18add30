// Pictor change atomic-inline-box-strut (src/text/inline.ts, `addAtomic`, `boxesOn`): an atomic inline (an inline
// block, an image) inside inline boxes puts a fragment of each of them on its line, so their struts take part in
// the line's height (CSS 2 §10.8), as in Chromium. satori counted an inline box only on the lines where it had text
// or began or ended: pandoc's highlighted code (`pre > code.sourceCode > span { display: inline-block;
// line-height: 1.25 }` inside `code { line-height: 1.6 }`) had lines of the spans' height wherever a line held no
// text of the code's own (otsaloma-markdown-tufte).
// Chromium repro: packages/core/test/repros/atomic-inline-box-strut.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

/** The height of a 300 px wide `white-space: pre` block of 16px Inter holding `children`. */
async function height(...children: unknown[]) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 320, height: 400, fontFamily: 'Inter' },
    h('div', { display: 'block', width: 300, fontSize: 16, whiteSpace: 'pre' }, ...children),
  );
  const { boxes: found } = await boxes(tree, { width: 320, height: 400, fonts });
  return found.find((b) => b.type === 'div' && b.width === 300)?.height ?? 0;
}

/** `<code>` of 18px at line-height 1.6 (28.8 px) holding four lines, each a span of line-height 1.25. */
const code = (display: string) =>
  h(
    'span',
    { fontSize: 18, lineHeight: 1.6 },
    ...['one', 'two', 'three', 'four'].flatMap((word, i) => [
      ...(i > 0 ? ['\n'] : []),
      h('span', { display, lineHeight: 1.25 }, `line ${word}`),
    ]),
  );

describe('an inline box around atomic inlines', () => {
  it('gives every line its strut, as text spans get (Chromium: 4 × 28.8 px)', async () => {
    const text = await height(code('inline'));
    expect(text).toBeCloseTo(115.2, 0);
    expect(await height(code('inline-block'))).toBeCloseTo(text, 1);
  });

  it('of a smaller font leaves the line as it is without the box (Chromium: the container strut)', async () => {
    const block = () => h('span', { display: 'inline-block', width: 10, height: 10 });
    const bare = await height('x\n', block());
    expect(await height(h('span', { fontSize: 8 }, 'x\n', block()))).toBeCloseTo(bare, 1);
  });
});
