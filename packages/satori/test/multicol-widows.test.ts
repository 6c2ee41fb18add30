// Pictor change multicol-widows (src/pictor-multicol-lines.ts, src/pictor-multicol-breaks.ts): a column ends inside
// a paragraph where Chromium's block fragmentation ends it. When too few lines would be left after the break, Chromium
// breaks earlier and counts the break good even short of `widows` (a lone three-line paragraph in two columns: 2 | 1);
// a break with too few lines before it (`orphans`, or `max(orphans, widows)` in a paragraph's later column) is a bad
// one: an earlier break between blocks is taken, or the columns are stretched. Chromium repro:
// packages/core/test/repros/multicol-widows.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

const COLUMN = 100;
const GAP = 20;

/**
 * Paragraphs of `lines` one-word lines of 20 px in `count` columns: the 20 px line boxes with ink in each column
 * (each column's lines one string, '#' inked, '.' not, trailing blank boxes left out).
 */
async function columnsOf(paragraphs: number[], count: number, style: Record<string, unknown> = {}) {
  const width = count * (COLUMN + GAP) - GAP;
  const tree = h(
    'div',
    {
      display: 'block',
      width,
      columnCount: count,
      columnGap: GAP,
      fontSize: 16,
      lineHeight: '20px',
      ...style,
    },
    ...paragraphs.map((lines, p) =>
      h(
        'p',
        { display: 'block', margin: 0, width: 60 },
        Array.from({ length: lines }, (_, i) => `p${p}w${i}`).join(' '),
      ),
    ),
  );
  const height = 200;
  const rgba = await pixels(await render(tree, { width, height }));
  const inked = (left: number, line: number) => {
    for (let y = line * 20 + 2; y < line * 20 + 18; y++)
      for (let x = left; x < left + COLUMN; x++)
        if ((rgba[(y * width + x) * 4 + 3] as number) > 128) return true;
    return false;
  };
  return Array.from({ length: count }, (_, column) =>
    Array.from({ length: height / 20 }, (_, line) => (inked(column * (COLUMN + GAP), line) ? '#' : '.'))
      .join('')
      .replace(/\.+$/, ''),
  );
}

describe('a paragraph broken between columns', () => {
  it('breaks a lone three-line paragraph 2 | 1 in two columns, widows or not', async () => {
    expect(await columnsOf([3], 2)).toEqual(['##', '#']);
    expect(await columnsOf([3], 2, { widows: 3 })).toEqual(['##', '#']);
  });

  it('keeps two lines in a later column of a paragraph: five lines in three columns 2 | 2 | 1', async () => {
    expect(await columnsOf([5], 3)).toEqual(['##', '##', '#']);
    expect(await columnsOf([7], 4)).toEqual(['##', '##', '##', '#']);
  });

  it('stretches the columns rather than break with one line before: three lines in three columns 2 | 1', async () => {
    expect(await columnsOf([3], 3)).toEqual(['##', '#', '']);
  });

  it('breaks earlier to leave widows when orphans allow it (orphans: 1, five lines in three columns 2 | 1 | 2)', async () => {
    expect(await columnsOf([5], 3, { orphans: 1 })).toEqual(['##', '#', '##']);
    expect(await columnsOf([3], 2, { orphans: 1 })).toEqual(['#', '##']);
  });

  it('breaks inside the paragraph that overflows rather than before it when orphans are kept', async () => {
    // One line, then three: the second paragraph's first two lines join the first (Chromium: 3 | 1).
    expect(await columnsOf([1, 3], 2)).toEqual(['###', '#']);
    // Two lines, then three: one line would be left before the break, so the break is before the paragraph.
    expect(await columnsOf([2, 3], 2)).toEqual(['##', '###']);
  });
});
