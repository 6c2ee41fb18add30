// Pictor tuning flow-cut (speed only, src/pictor-flow-cut.ts): of a long document in plain block flow, only the part
// that can reach the image is laid out; the cut is kept only where it lies below the image, and refused wherever the
// cut part or the ancestors' heights could change a pixel. Counted without a clock: the build's `pictorLayoutStats()`
// counts paragraphs broken into lines to be measured and the cuts kept or laid out again.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Element, h, hp, pixels, render } from './render.js';

const require = createRequire(import.meta.url);
const built = await import(
  process.env.PICTOR_SATORI_DIST
    ? pathToFileURL(process.env.PICTOR_SATORI_DIST).href
    : pathToFileURL(require.resolve('../dist/index.js')).href
);
type Stats = { paragraphMeasures: number; flowCutsKept?: number; flowCutsRedone?: number };
const layoutStats = built.pictorLayoutStats as (() => Stats) | undefined;

const WORDS =
  'Long documents lay out far more text than the image can show, and every paragraph of it was shaped and broken into lines. ';
const p = (i: number, style: Record<string, unknown> = {}) =>
  h(
    'p',
    { margin: '0 0 8px', fontFamily: 'Inter', fontSize: 14, lineHeight: '18px', ...style },
    `${i}. `,
    h('b', { fontWeight: 700 }, 'Bold'),
    ` ${WORDS.repeat(2)}`,
  );

/** html > body > main > 200 paragraphs, with styles for each level and for the paragraphs after the 150th. */
function page(
  styles: {
    html?: object;
    body?: object;
    main?: object;
    paragraph?: object;
    late?: object;
    lateChild?: Element;
    firstChild?: Element;
    head?: Element;
    count?: number;
  } = {},
): Element {
  const paragraphs = Array.from({ length: styles.count ?? 200 }, (_x, i) =>
    i === 150 && styles.lateChild
      ? styles.lateChild
      : p(i, { ...styles.paragraph, ...(i >= 150 ? styles.late : {}) }),
  );
  if (styles.firstChild) paragraphs.unshift(styles.firstChild);
  const body = h(
    'body',
    { display: 'block', margin: 8, ...styles.body },
    h('main', { display: 'block', ...styles.main }, ...paragraphs),
  );
  return styles.head
    ? h('html', { display: 'block', backgroundColor: '#fff', ...styles.html }, styles.head, body)
    : h('html', { display: 'block', backgroundColor: '#fff', ...styles.html }, body);
}

/** The pixels (content wholly below the image may differ in the SVG, never in them), the paragraphs measured and the cuts, the switch on or off. */
async function measured(
  element: Element,
  on: boolean,
  size: Record<string, unknown> = { width: 400, height: 300 },
) {
  const before = layoutStats?.() ?? { paragraphMeasures: 0 };
  const svg = await render(element, { ...size, pictorTunings: { flowCut: on } });
  const after = layoutStats?.() ?? { paragraphMeasures: 0 };
  return {
    svg: await pixels(svg),
    measures: after.paragraphMeasures - before.paragraphMeasures,
    kept: (after.flowCutsKept ?? 0) - (before.flowCutsKept ?? 0),
    redone: (after.flowCutsRedone ?? 0) - (before.flowCutsRedone ?? 0),
  };
}

describe('flow-cut', () => {
  it('lays out only the paragraphs that can reach the image, with the same pixels', async () => {
    expect(layoutStats, 'the build counts layout work (pictorLayoutStats)').toBeTypeOf('function');
    const on = await measured(page(), true);
    const off = await measured(page(), false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept).toBe(1);
    expect(off.kept).toBe(0);
    expect(on.measures).toBeLessThan(off.measures / 2);
  });

  it('lays out again with a larger part when the kept part ends above the image', async () => {
    // Lines that do not wrap hold many characters in little height: the first estimate (about 800 characters on a
    // 400×300 canvas at 14px, three lines of about 250) ends above the image; four times that (13 lines of 30px) ends
    // below it with the slack.
    const nowrap = { whiteSpace: 'nowrap', overflow: 'hidden', lineHeight: '30px' };
    const lines = h(
      'html',
      { display: 'block', backgroundColor: '#fff' },
      h(
        'body',
        { display: 'block', margin: 0 },
        ...Array.from({ length: 60 }, (_x, i) => p(i, { ...nowrap, margin: 0 })),
      ),
    );
    const on = await measured(lines, true);
    const off = await measured(lines, false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.redone).toBe(1);
    expect(on.kept).toBe(1);
  });

  it('lays out everything, not a larger part, when the larger part would keep no more', async () => {
    // A first block of one line that does not wrap holds more characters than four times the first part.
    const wide = h(
      'p',
      { margin: 0, fontFamily: 'Inter', fontSize: 14, whiteSpace: 'nowrap', overflow: 'hidden' },
      WORDS.repeat(60),
    );
    const on = await measured(page({ firstChild: wide }), true);
    const off = await measured(page({ firstChild: wide }), false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept).toBe(0);
    expect(on.redone).toBe(1);
  });

  it('does not try a cut that would keep half the characters or more (it would save less than a redone cut costs)', async () => {
    // 8 paragraphs: the first part (about 1,200 characters on a 400×300 canvas at 14px) holds 5 of them.
    const on = await measured(page({ count: 8 }), true);
    const off = await measured(page({ count: 8 }), false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept + on.redone).toBe(0);
    expect(on.measures).toBe(off.measures);
    // With 20 paragraphs the same part keeps a quarter: the cut is made and kept.
    expect((await measured(page({ count: 20 }), true)).kept).toBe(1);
  });

  it('counts only text that is laid out toward the first part (not a head’s style text)', async () => {
    // 20,000 characters of a <style> in <head> (display none) before the body: counted, they filled the first part
    // and the cut fell before <body>, ending above the image; everything was laid out twice.
    const head = h('head', {}, h('style', {}, 'p { color: black } '.repeat(1000)));
    const on = await measured(page({ head }), true);
    const off = await measured(page({ head }), false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.redone).toBe(0);
    expect(on.kept).toBe(1);
    expect(on.measures).toBeLessThan(off.measures / 2);
  });

  it('sizes the first part by each character’s own font size, not the smallest of the document', async () => {
    // 200 paragraphs at 40px and one footnote at 8px: taken at 8px each, the first part held 15 paragraphs (3,750
    // characters) where one fills the image; at their own size (three quarters of 40px squared each) it holds one.
    const large = page({
      paragraph: { fontSize: 40, lineHeight: '48px' },
      lateChild: h('p', { margin: 0, fontFamily: 'Inter', fontSize: 8 }, 'A footnote.'),
    });
    const on = await measured(large, true);
    const off = await measured(large, false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept).toBe(1);
    expect(on.redone).toBe(0);
    expect(on.measures).toBeLessThan(8);
  });

  // Widenings: what a page's own styles said that cannot change a pixel of the cut. Each keeps the cut, the same pixels.
  const kept: [string, () => Element, Record<string, unknown>?][] = [
    [
      'var() in the properties checked, resolved from the custom properties (a colour on the root, margins)',
      () =>
        page({
          html: { '--bg': '#fff', '--gap': '0 0 8px', backgroundColor: 'var(--bg)' },
          main: { '--size': '14px' },
          paragraph: { margin: 'var(--gap)', fontSize: 'var(--size)', boxShadow: 'var(--none, none)' },
        }),
    ],
    [
      'background images that do not read the height (tiles from the top, a horizontal gradient, a fixed layer)',
      () =>
        page({
          html: {
            backgroundImage:
              'linear-gradient(to right, rgba(255,0,0,0.2), rgba(0,0,255,0.2)), linear-gradient(#fee, #eef)',
            backgroundSize: 'auto, 100% 40px',
            backgroundRepeat: 'no-repeat, repeat-y',
            backgroundPosition: '0 0, left top',
          },
          body: { background: 'radial-gradient(circle, rgba(0,0,0,0.2), transparent) fixed' },
          main: { background: 'linear-gradient(#dfd, #ddf) center top 10px / 50px 30px repeat' },
        }),
    ],
    [
      'an overflow that scrolls on the root and body (the viewport’s: no scrollbar drawn), overflow-wrap on an ancestor',
      () =>
        page({
          html: { overflowY: 'scroll', overflowX: 'hidden' },
          body: { overflow: 'auto' },
          main: { overflowWrap: 'break-word' },
        }),
    ],
    [
      'relative offsets sideways and down, negative margins at the left and right, in the cut part',
      () =>
        page({ late: { position: 'relative', left: -30, top: 4, margin: '0 -10px 8px', marginLeft: -20 } }),
    ],
    [
      'relative offsets up by a length in the cut part (Bootstrap’s sup { top: -.5em }, a positive bottom)',
      () =>
        page({
          lateChild: h(
            'p',
            { margin: 0, fontFamily: 'Inter', fontSize: 14 },
            'x',
            h('sup', { position: 'relative', top: '-.5em', fontSize: '75%' }, '2'),
            h('span', { position: 'relative', bottom: '3px' }, ' raised'),
          ),
        }),
    ],
    [
      'an absolutely positioned box of the kept part placed from the top of an ancestor of the cut, or at its static place',
      () =>
        page({
          main: { position: 'relative' },
          firstChild: h(
            'div',
            {},
            h(
              'div',
              { position: 'absolute', top: 10, right: 0, width: 50, height: 50, backgroundColor: 'red' },
              '',
            ),
            h('div', { position: 'absolute', width: 30, height: 30, backgroundColor: 'blue' }, ''),
          ),
        }),
    ],
    [
      'a sticky element of the kept part and no scroll container (satori moves it only inside one: Node.js’s header)',
      () =>
        page({
          firstChild: h('div', { position: 'sticky', top: 0, height: 20, backgroundColor: 'red' }, ''),
        }),
    ],
    [
      'a sticky element of the kept part held by a box of the kept part, its scrollport an ancestor of the cut',
      () =>
        page({
          html: { overflow: 'hidden' },
          firstChild: h(
            'div',
            { height: 60 },
            h('div', { position: 'sticky', top: 10, height: 20, backgroundColor: 'red' }, ''),
          ),
        }),
    ],
  ];
  it.each(kept)('keeps the cut with %s', async (_why, make, size) => {
    const on = await measured(make(), true, size);
    const off = await measured(make(), false, size);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept).toBe(1);
    expect(on.measures).toBeLessThan(off.measures / 2);
  });

  it('keeps the cut past an invisible absolutely positioned box from the bottom (opacity 0: mandoc’s tooltips)', async () => {
    const tooltips = (opacity: number) => () =>
      page({
        main: { position: 'relative' },
        lateChild: h(
          'div',
          { position: 'relative' },
          h(
            'div',
            { position: 'absolute', bottom: 0, height: 9000, width: 50, backgroundColor: 'red', opacity },
            '',
          ),
        ),
      });
    const on = await measured(tooltips(0)(), true);
    // `font: inherit` in the cut part (mandoc's permalinks) keeps the parent's size: readable, not refused.
    const inherited = await measured(page({ lateChild: h('div', { font: 'inherit' }, 'permalink') }), true);
    expect(inherited.kept).toBe(1);
    const off = await measured(tooltips(0)(), false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept).toBe(1);
    // Seen (opacity 0.5), the same box is drawn into the image: refused.
    const seen = await measured(tooltips(0.5)(), true);
    expect(seen.kept + seen.redone).toBe(0);
  });

  it('adds what shadows and negative margins of the cut part can lift to the slack (laid out again, drawn)', async () => {
    // As in the test below: paragraph 150 is 14,708px down. A shadow 14,608px above its box, or negative margins
    // pulling it up by as much, draw it at 100px; the cut is laid out again, then everything.
    const square = { width: 50, height: 50, backgroundColor: 'red' };
    for (const lifted of [
      () =>
        page({
          lateChild: h(
            'div',
            { ...square, backgroundColor: 'transparent', boxShadow: '0 -14608px 0 red' },
            '',
          ),
        }),
      () => page({ lateChild: h('div', { ...square, marginTop: -14608 }, '') }),
      () =>
        page({
          main: { '--lift': '-7304px' },
          lateChild: h(
            'div',
            { ...square, margin: 'var(--lift) 0 0' },
            h('div', { ...square, marginTop: 'var(--lift)' }, ''),
          ),
        }),
    ]) {
      const on = await measured(lifted(), true);
      const off = await measured(lifted(), false);
      expect(on.svg.equals(off.svg)).toBe(true);
      expect(on.kept).toBe(0);
      expect(on.redone).toBeGreaterThan(0);
    }
  });

  // (Text shadows are read as box shadows are; none is drawn here: resvg-js, which draws these tests, aborts the
  // process on a text shadow's filter 14,000 px below its canvas.)
  it('keeps the cut past small shadows and negative margins in the cut part (Doxygen’s member tables)', async () => {
    const doxygen = () =>
      page({
        lateChild: h(
          'div',
          { boxShadow: '2px 2px 2px rgba(0, 0, 0, 0.15), inset 0 -900px 0 red', margin: '-0.5em 0 -4px' },
          h('h2', { marginTop: '-1px', fontSize: 20 }, 'Member Function Documentation'),
        ),
      });
    const on = await measured(doxygen(), true);
    const off = await measured(doxygen(), false);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept).toBe(1);
    expect(on.measures).toBeLessThan(off.measures / 2);
  });

  it('adds how far a relative offset lifts a box of the cut part to the slack (laid out again, drawn)', async () => {
    // Paragraph 150 starts 14,708px down (150 paragraphs of 90px and their 8px margins, under the body's 8px): moved
    // up 14,608px it is drawn at 100px. The first cut ends a few paragraphs below the image, by more than the text's
    // slack: kept without the rise in the slack, it would miss the box.
    const lifted = () =>
      page({
        lateChild: h(
          'div',
          { position: 'relative', top: -14608, width: 50, height: 50, backgroundColor: 'red' },
          '',
        ),
      });
    const on = await measured(lifted(), true);
    const off = await measured(lifted(), false);
    const at = (x: number, y: number) => [...on.svg.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 3)];
    expect(at(20, 120)).toEqual([255, 0, 0]);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept).toBe(0);
    expect(on.redone).toBeGreaterThan(0);
  });

  // Each of these could change a pixel if the cut were taken: the cut is refused, the layout is the full one.
  const refusals: [string, () => Element, Record<string, unknown>?][] = [
    ['a canvas without a fixed height', () => page(), { width: 400 }],
    [
      'a gradient on the root (its positioning area is the root box)',
      () => page({ html: { backgroundImage: 'linear-gradient(red, blue)' } }),
    ],
    [
      'a background image placed from the bottom of the root',
      () => page({ html: { background: 'linear-gradient(red, blue) left bottom / 100% 40px no-repeat' } }),
    ],
    [
      'a background image sized by a percentage of the height',
      () => page({ body: { backgroundImage: 'linear-gradient(red, blue)', backgroundSize: '100% 50%' } }),
    ],
    [
      'a background image repeated with space (the count reads the height)',
      () =>
        page({
          main: {
            backgroundImage: 'linear-gradient(red, blue)',
            backgroundSize: '20px 20px',
            backgroundRepeat: 'space',
          },
        }),
    ],
    ['an overflow that scrolls on an ancestor inside the page', () => page({ main: { overflowY: 'auto' } })],
    ['a box shadow on an ancestor', () => page({ main: { boxShadow: '0 -400px 0 red' } })],
    // (the paragraphs' own `none` keeps the render light: the ancestor's declaration refuses)
    [
      'a text shadow on an ancestor (inherited by the cut part)',
      () => page({ body: { textShadow: '0 -2px red' }, paragraph: { textShadow: 'none' } }),
    ],
    [
      'a transform of an ancestor (its origin at half its height)',
      () => page({ main: { transform: 'rotate(1deg)' } }),
    ],
    [
      'rounded corners of an ancestor (scaled by its height)',
      () => page({ main: { borderRadius: '50%', backgroundColor: '#eee' } }),
    ],
    ['an ancestor in columns', () => page({ main: { columnCount: 2 } })],
    ['an ancestor with a flex display', () => page({ main: { display: 'flex', flexDirection: 'column' } })],
    ['an ancestor that aligns its content', () => page({ main: { height: 280, alignContent: 'end' } })],
    ['a vertical writing mode', () => page({ body: { writingMode: 'vertical-rl' } })],
    [
      'a relative offset from the bottom in a percentage in the cut part (it reads a height)',
      () => page({ late: { position: 'relative', bottom: '5%' } }),
    ],
    [
      'a negative margin in a percentage in the cut part (it reads a width)',
      () => page({ late: { marginTop: '-50%' } }),
    ],
    [
      'a shadow whose offset cannot be read in the cut part',
      () => page({ late: { boxShadow: '0 calc(-1px) red' } }),
    ],
    [
      'a fixed element in the cut part',
      () =>
        page({
          lateChild: h(
            'div',
            { position: 'fixed', top: 0, left: 0, width: 50, height: 50, backgroundColor: 'red' },
            '',
          ),
        }),
    ],
    [
      'a relatively offset element in the cut part, in a percentage',
      () => page({ late: { position: 'relative', top: '-10%' } }),
    ],
    [
      'an absolutely positioned element from the bottom in the cut part',
      () =>
        page({
          main: { position: 'relative' },
          lateChild: h(
            'div',
            { position: 'relative' },
            h(
              'div',
              { position: 'absolute', bottom: 0, height: 9000, width: 50, backgroundColor: 'red' },
              '',
            ),
          ),
        }),
    ],
    ['a transform in the cut part', () => page({ late: { transform: 'translateY(-9000px)' } })],
    ['an outline in the cut part', () => page({ late: { outline: '2px solid red', outlineOffset: 9000 } })],
    [
      'a font size that cannot be read in the cut part',
      () => page({ late: { fontSize: 'calc(10px + 1vw)' } }),
    ],
    [
      'an absolutely positioned box of the kept part whose containing block is an ancestor',
      () =>
        page({
          main: { position: 'relative' },
          firstChild: h(
            'div',
            { position: 'absolute', bottom: 0, width: 50, height: 50, backgroundColor: 'red' },
            '',
          ),
        }),
    ],
    [
      'a sticky element in the cut part',
      () => page({ lateChild: h('div', { position: 'sticky', top: 0 }, 'stuck') }),
    ],
    [
      'a sticky element of the kept part held by an ancestor of the cut, under a scroll container',
      () =>
        page({
          html: { overflow: 'hidden' },
          firstChild: h('div', { position: 'sticky', top: 0, height: 20, backgroundColor: 'red' }, ''),
        }),
    ],
    [
      'a sticky element of the kept part sticking by its bottom to a scroll container that is an ancestor of the cut',
      () =>
        page({
          html: { overflow: 'hidden' },
          firstChild: h(
            'div',
            {},
            h('div', { position: 'sticky', bottom: 0, height: 20, backgroundColor: 'red' }, ''),
          ),
        }),
    ],
    [
      'a reversed list (its numbers count the items after)',
      () =>
        h(
          'html',
          { display: 'block' },
          h(
            'body',
            { display: 'block' },
            hp(
              'ol',
              { reversed: true, style: { display: 'block' } },
              ...Array.from({ length: 200 }, (_x, i) =>
                h('li', { display: 'list-item', fontFamily: 'Inter', fontSize: 14 }, `${i}. ${WORDS}`),
              ),
            ),
          ),
        ),
    ],
  ];
  it.each(refusals)('refuses %s', async (_why, make, size) => {
    const on = await measured(make(), true, size);
    const off = await measured(make(), false, size);
    expect(on.svg.equals(off.svg)).toBe(true);
    expect(on.kept + on.redone).toBe(0);
    expect(on.measures).toBe(off.measures);
  });
});
