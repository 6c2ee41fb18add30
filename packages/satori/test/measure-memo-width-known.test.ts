// Pictor tuning measure-memo-width-known (speed only, src/text/pictor-measure-memo.ts): whether a paragraph's width is
// known or only available changes only what its own floats add to its max-content width (floats-in-max-content), so a
// paragraph without floats keeps one size per width for both. A flex item's paragraph is measured at the same width
// once as each (the item's content size, then its layout), and each measurement broke it into lines again: 15–20% of
// the measurements of the long documents of issue 41. Counted without a clock: the build's `pictorLayoutStats()`
// counts paragraphs broken into lines to be measured.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Element, h, render } from './render.js';

const require = createRequire(import.meta.url);
const built = await import(
  process.env.PICTOR_SATORI_DIST
    ? pathToFileURL(process.env.PICTOR_SATORI_DIST).href
    : pathToFileURL(require.resolve('../dist/index.js')).href
);
const layoutStats = built.pictorLayoutStats as (() => { paragraphMeasures: number }) | undefined;

const text = { display: 'block', margin: 0, fontFamily: 'Inter', fontSize: 14, lineHeight: '18px' };

/** A paragraph of an inline formatting context (an inline box in it), with or without a float of its own. */
const paragraph = (words: string, float: boolean) =>
  h(
    'p',
    text,
    ...(float
      ? [
          h(
            'span',
            { display: 'block', float: 'right', width: 40, height: 16, backgroundColor: 'orange' },
            '',
          ),
        ]
      : []),
    `${words} `,
    h('b', { fontWeight: 700 }, 'bold words'),
    ' and more words that wrap in the column of the flex item.',
  );

/** Flex rows whose growing item holds paragraphs (every third with a float of its own, which keeps both sizes). */
function page(): Element {
  const rows = Array.from({ length: 4 }, (_x, r) =>
    h(
      'div',
      { display: 'flex', flexDirection: 'row', width: 400 },
      h(
        'div',
        { display: 'block', flexGrow: 1, flexShrink: 1 },
        ...Array.from({ length: 6 }, (_y, p) => paragraph(`Row ${r} paragraph ${p}:`, p % 3 === 0)),
      ),
      h('div', { display: 'block', width: 80, flexShrink: 0 }, ''),
    ),
  );
  return h('div', { display: 'flex', flexDirection: 'column', width: 400, backgroundColor: '#fff' }, ...rows);
}

/** The SVG and how many paragraphs were broken into lines to be measured, the switch on or off. */
async function measured(shared: boolean) {
  const before = layoutStats?.().paragraphMeasures ?? 0;
  const svg = await render(page(), {
    width: 400,
    height: 900,
    pictorTunings: { measureMemoWidthKnown: shared },
  });
  return { svg, measures: (layoutStats?.().paragraphMeasures ?? 0) - before };
}

describe('measure-memo-width-known', () => {
  it('measures a paragraph without floats once per width, known or available, with the same SVG', async () => {
    expect(layoutStats, 'the build counts layout work (pictorLayoutStats)').toBeTypeOf('function');
    const on = await measured(true);
    const off = await measured(false);
    expect(on.svg).toBe(off.svg);
    expect(on.svg).toContain('orange');
    // Each of the 16 paragraphs without a float was measured at the item's width once as known, once as available.
    expect(off.measures - on.measures).toBe(16);
  });
});
