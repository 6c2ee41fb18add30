// Pictor change list-box-author-padding (src/form-control.ts `getSelectContent`, `rowPadding`, `listBoxItemHeight`;
// src/layout.ts and src/text/inline.ts `bottomBaseline`): a list box (`<select multiple>`) as Chromium draws it
// under a page's own rules for its options (tacit's `* { padding: 0 }`, wider/tacit-demo):
// - a row takes the page's padding for its `<option>` over the UA's (`padding: 0 2px 1px`, 20px at the start in an
//   `<optgroup>`): options in a group are not indented; a group's label keeps the UA's padding;
// - the box is `size` times its tallest row high (Chromium's ListBoxItemBlockSize), so a shorter row lets the next
//   one in, and rows show through the box's bottom padding, as a scroll container's content does;
// - its baseline is its bottom margin edge (a scroll container's), not its last row's.
// Chromium repro: packages/core/test/repros/list-box-author-padding.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels } from './render.js';

type Box = {
  type: string;
  left: number;
  top: number;
  width: number;
  height: number;
  props?: Record<string, unknown>;
};

const option = (label: string) => hp('option', {}, label);
const listBox = () =>
  hp(
    'select',
    { multiple: '', className: 'list' },
    hp('optgroup', { label: 'Italian' }, option('Pizza'), option('Spaghetti')),
    hp('optgroup', { label: 'Asian' }, option('Sushi')),
    option('Hamburger'),
    option('Borsht'),
  );

async function laidOut(css: string) {
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 400, height: 400, fontSize: 18 },
    { type: 'style', props: { children: `select { font-size: 18px; border: 0; padding: 6px } ${css}` } },
    hp('div', { className: 'line' }, 'x', listBox()),
    hp('div', { className: 'next' }, 'next'),
  );
  const { svg, boxes: found } = await boxes(root as never, { width: 400, height: 400 });
  const all = found as unknown as Box[];
  const select = all.find((b) => b.type === 'select')!;
  const rows = all.filter((b) => b.type === '::option');
  const line = all.find((b) => b.props?.className === 'line')!;
  const data = await pixels(svg);
  /** The first column with ink in a row, from the select's left edge. */
  const inkStart = (row: Box) => {
    for (let x = Math.floor(select.left); x < 400; x++) {
      for (let y = Math.ceil(row.top); y < Math.floor(row.top + row.height); y++) {
        const i = (y * 400 + x) * 4;
        if ((data[i + 3] as number) > 128 && (data[i] as number) < 128) return x - select.left;
      }
    }
    return Infinity;
  };
  return { select, rows, line, inkStart };
}

describe('list box rows under the page’s option padding', () => {
  it('options in a group are not indented under `option { padding: 0 }`', async () => {
    const { rows, inkStart } = await laidOut('option { padding: 0 }');
    const [italian, pizza] = rows;
    // The select's padding (6) and the glyph's side bearing; the group's label keeps the UA's 2px.
    expect(inkStart(pizza!)).toBeGreaterThanOrEqual(6);
    expect(inkStart(pizza!)).toBeLessThan(9);
    expect(inkStart(italian!)).toBeGreaterThanOrEqual(8);
    expect(inkStart(italian!)).toBeLessThan(11);
    // The option's row is shorter than the label's by the UA's 1px bottom padding (boxes in whole pixels).
    expect(italian!.height).toBeGreaterThan(pizza!.height);
    expect(italian!.height - pizza!.height).toBeLessThanOrEqual(2);
  });

  it('keeps the UA indent without such a rule', async () => {
    const { rows, inkStart } = await laidOut('');
    // The select's padding and 20px.
    expect(inkStart(rows[1]!)).toBeGreaterThanOrEqual(26);
    expect(inkStart(rows[1]!)).toBeLessThan(29);
  });

  it('is four times its tallest row high, the fifth row showing through the bottom padding', async () => {
    const { select, rows } = await laidOut('option { padding: 0 }');
    // 4 × 22.6 (a group's label: 1.2em and 1px) + 12 of padding, not the first four rows (88.4 + 12).
    expect(select.height).toBeGreaterThan(4 * 22.6 + 12 - 0.7);
    expect(select.height).toBeLessThan(4 * 22.6 + 12 + 0.7);
    const sushi = rows[4]!;
    expect(sushi.height).toBeGreaterThan(20);
    expect(sushi.top).toBeLessThan(select.top + select.height);
  });

  it('sits on the baseline by its bottom margin edge under `vertical-align: baseline`', async () => {
    const { select, line } = await laidOut(
      'option { padding: 0 } select { vertical-align: baseline; margin-bottom: 20px }',
    );
    // The line: the list box and its margin above the baseline, the strut's descent below it (a few px).
    const below = line.top + line.height - (select.top + select.height + 20);
    expect(below).toBeGreaterThan(1);
    expect(below).toBeLessThan(8);
  });
});
