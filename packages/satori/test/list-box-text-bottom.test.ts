// Pictor change list-box-text-bottom: html.css gives a list box (`<select multiple>` or `size` > 1)
// `vertical-align: text-bottom`, so its bottom sits on its line's text bottom (the baseline plus the parent font's
// descent) and the line is the list box plus the strut's part below that, not the list box hung from its first
// row's baseline (a fieldset ending in a list box was ~12 px taller than Chromium's; one beside text, lower).
// Chromium repro: packages/core/test/repros/list-box-text-bottom.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const option = (label: string) => hp('option', {}, label);

async function lineOf(select: Record<string, unknown>, css = '') {
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 300, height: 300, fontSize: 16, lineHeight: 1.5 },
    { type: 'style', props: { children: `select { font-size: 13px } ${css}` } },
    hp(
      'div',
      { className: 'line' },
      'x',
      hp('select', select, option('One'), option('Two')),
      hp('span', {}, 'y'),
    ),
  );
  const { boxes: found } = await boxes(root as never, { width: 300, height: 300 });
  const line = found.find((b) => (b as { props?: { className?: string } }).props?.className === 'line')!;
  const list = found.find((b) => b.type === 'select')!;
  const text = found.find((b) => b.type === 'span')!;
  return { line, list, text };
}

describe('a list box is aligned text-bottom', () => {
  for (const select of [{ multiple: '' }, { size: '3' }]) {
    it(`${Object.keys(select)[0]}: its bottom is the text's bottom, a few px above the line's`, async () => {
      const { line, list, text } = await lineOf(select);
      const listBottom = list.top + list.height;
      // The text after it ends at the parent's text bottom too (its inline box is its content area).
      expect(Math.abs(listBottom - (text.top + text.height))).toBeLessThanOrEqual(1);
      const below = line.top + line.height - listBottom;
      expect(below).toBeGreaterThan(1);
      expect(below).toBeLessThan(6);
    });
  }

  it('a page vertical-align wins', async () => {
    const { line, list } = await lineOf({ multiple: '' }, 'select { vertical-align: top }');
    expect(list.top).toBe(line.top);
  });
});
