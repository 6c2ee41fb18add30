// Pictor tuning alignment-tables (speed only, src/handler/compute.ts): the tables of the values `align-content`,
// `align-items`, `align-self`, `justify-content`, `justify-items` and `justify-self` take were object literals, four
// of them spreading the item alignments, made again for every element — a long document's share of style computation
// worth counting. They are made once now, with the same keys in the same order (an invalid value's error lists them).
// Counted without a clock: `pictorLayoutStats()` counts the elements whose tables were made afresh (the switch off).
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
const layoutStats = built.pictorLayoutStats as (() => { alignmentTablesSpread: number }) | undefined;

const cell = (text: string, style: Record<string, unknown> = {}) =>
  h('div', { backgroundColor: '#9cf', padding: 2, fontFamily: 'Inter', fontSize: 12, ...style }, text);

/** Flex and grid containers with every kind of alignment value, and one invalid value (a style error). */
function page(): Element {
  return h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 400, backgroundColor: '#fff', gap: 4 },
    h(
      'div',
      {
        display: 'flex',
        height: 60,
        alignItems: 'self-end',
        justifyContent: 'space-evenly',
        alignContent: 'baseline',
      },
      cell('one', { alignSelf: 'center' }),
      cell('two', { alignSelf: 'auto' }),
      cell('three', { alignSelf: 'flex-start' }),
    ),
    h(
      'div',
      {
        display: 'grid',
        gridTemplateColumns: '100px 100px',
        height: 80,
        justifyItems: 'right',
        alignItems: 'end',
        justifyContent: 'center',
      },
      cell('a', { justifySelf: 'start' }),
      cell('b', { justifySelf: 'auto', alignSelf: 'stretch' }),
      cell('c', { justifySelf: 'left' }),
      cell('d', { justifyItems: 'legacy' }),
    ),
    h('div', { display: 'flex', justifyContent: 'nowhere' }, cell('invalid')),
  );
}

/** The SVG, the style errors and the elements whose tables were made afresh, with the switch on or off. */
async function laidOut(on: boolean) {
  const before = layoutStats?.().alignmentTablesSpread ?? 0;
  const errors: string[] = [];
  const svg = await render(page(), {
    width: 400,
    height: 200,
    pictorTunings: { alignmentTables: on },
    onStyleError: (error: Error) => errors.push(error.message),
  });
  return { svg, errors, spread: (layoutStats?.().alignmentTablesSpread ?? 0) - before };
}

describe('alignment-tables', () => {
  it('reads the alignment values from tables made once, with the same SVG and errors', async () => {
    expect(layoutStats, 'the build counts layout work (pictorLayoutStats)').toBeTypeOf('function');
    const on = await laidOut(true);
    const off = await laidOut(false);
    expect(on.svg).toBe(off.svg);
    expect(on.errors).toEqual(off.errors);
    expect(off.errors.join('\n')).toContain('justifyContent');
    expect(off.spread).toBeGreaterThan(10);
    expect(on.spread).toBe(0);
  });
});
