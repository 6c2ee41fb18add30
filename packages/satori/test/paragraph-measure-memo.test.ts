// Pictor tuning paragraph-measure-memo (speed only, src/text/pictor-measure-memo.ts): a paragraph of an inline
// formatting context keeps its sizes by the width it was measured at, within a render. The layout engine measures it
// many times with the same few widths — a table's cells are laid out alone first (max-content widths, for the column
// weights), then in their table, once per level of nested tables — and each measurement broke it into lines again.
// Counted without a clock: the build's `pictorLayoutStats()` counts paragraphs broken into lines to be measured.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Element, hp, render } from './render.js';

const require = createRequire(import.meta.url);
const built = await import(
  process.env.PICTOR_SATORI_DIST
    ? pathToFileURL(process.env.PICTOR_SATORI_DIST).href
    : pathToFileURL(require.resolve('../dist/index.js')).href
);
const layoutStats = built.pictorLayoutStats as
  | (() => { paragraphMeasures: number; treeLayouts: number })
  | undefined;

const text = { display: 'block', fontFamily: 'Inter', fontSize: 14, padding: 4 };

/** A cell of column `column` whose text has inline boxes (so it is a paragraph of an inline formatting context). */
function cell(column: number, words: string, ...more: Element[]) {
  return hp(
    'div',
    { 'data-pictor-table-column': `${column} 1`, style: text },
    `${words} `,
    hp('b', { style: { fontWeight: 700 } }, 'bold'),
    ' and ',
    hp('i', { style: { color: '#36c' } }, 'more words here'),
    ...more,
  );
}

/** A table as @pictor/core translates it: a grid of weighed auto columns, its cells marked with their column. */
function table(width: number | string, ...cells: Element[]) {
  return hp(
    'div',
    {
      'data-pictor-table-weights': '0 1',
      'data-pictor-table-fit': 'a a',
      style: {
        display: 'grid',
        width,
        gridTemplateColumns: 'minmax(min-content, 1fr) minmax(min-content, 1fr)',
      },
    },
    ...cells,
  );
}

/** Three tables, each in a cell of the next: the innermost cells are measured alone at each level. */
function page(): Element {
  const inner = table('100%', cell(0, 'Inner first'), cell(1, 'Inner second'));
  const middle = table('100%', cell(0, 'Middle first', inner), cell(1, 'Middle second'));
  const outer = table(560, cell(0, 'Outer first', middle), cell(1, 'Outer second'));
  return hp(
    'div',
    { style: { display: 'flex', flexDirection: 'column', width: 600, background: '#fff' } },
    outer,
  );
}

/** The SVG and how many paragraphs were broken into lines to be measured, with the memo on or off. */
async function measured(memo: boolean) {
  const before = layoutStats?.().paragraphMeasures ?? 0;
  const svg = await render(page(), {
    width: 600,
    height: 400,
    pictorTunings: { paragraphMeasureMemo: memo },
  });
  return { svg, measures: (layoutStats?.().paragraphMeasures ?? 0) - before };
}

describe('paragraph-measure-memo', () => {
  it('breaks each paragraph into lines once per width, with the same SVG', async () => {
    expect(layoutStats, 'the build counts layout work (pictorLayoutStats)').toBeTypeOf('function');
    const on = await measured(true);
    const off = await measured(false);
    expect(on.svg).toBe(off.svg);
    // Ten paragraphs (one per cell, and the text after each inner table), each measured at a few widths only.
    expect(on.measures).toBeGreaterThan(0);
    // 68 against 144 when this was written.
    expect(on.measures).toBeLessThan(off.measures * 0.6);
  });
});
