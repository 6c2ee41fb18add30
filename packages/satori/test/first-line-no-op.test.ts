// Pictor change first-line-no-op (src/pictor-first-line.ts `firstLineDrawsNothing`): a `::first-line` style of
// nothing but backgrounds that paint nothing (and `text-shadow: none` on an element without one) draws what the
// element draws without it — Gutenberg's print sheet gives every p, div, li and blockquote `::first-line { background:
// transparent !important; text-shadow: none !important }`. first-line wrapped each such paragraph's first line and
// laid the whole tree out a second time to split it; now such a style is not applied. Counted without a clock: the
// build's `pictorLayoutStats()` counts whole-tree layouts.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hp, render } from './render.js';

const require = createRequire(import.meta.url);
const built = await import(
  process.env.PICTOR_SATORI_DIST
    ? pathToFileURL(process.env.PICTOR_SATORI_DIST).href
    : pathToFileURL(require.resolve('../dist/index.js')).href
);
const layoutStats = built.pictorLayoutStats as (() => { treeLayouts: number }) | undefined;

const long =
  'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau';

/** The SVG of three long paragraphs under `css`, and how many whole-tree layouts it took. */
async function drawn(css: string) {
  const before = layoutStats?.().treeLayouts ?? 0;
  const tree = hp(
    'div',
    { style: { display: 'block', width: 300, backgroundColor: '#fff' } },
    hp('style', {}, css),
    hp(
      'section',
      { style: { display: 'block' } },
      ...[1, 2, 3].map((n) =>
        hp('p', { style: { display: 'block', fontSize: 16, lineHeight: '20px' } }, `${n} ${long}`),
      ),
    ),
  );
  const svg = await render(tree, { width: 300, height: 300 });
  return { svg, layouts: (layoutStats?.().treeLayouts ?? 0) - before };
}

describe('::first-line that draws nothing', () => {
  it('is not applied: the same SVG as without the rule, from one layout', async () => {
    const plain = await drawn('');
    for (const css of [
      'p::first-line { background: transparent !important }',
      'p::first-line { background-color: rgba(0, 0, 0, 0) }',
      'p::first-line { background-image: none }',
      // Gutenberg's print sheet
      'p::first-line { background: transparent !important; box-shadow: none !important; text-shadow: none !important }',
    ]) {
      const ruled = await drawn(css);
      expect(ruled.svg).toBe(plain.svg);
      expect(ruled.layouts).toBe(plain.layouts);
    }
  });

  it('a first line that draws something still is split and laid out again', async () => {
    const plain = await drawn('');
    const coloured = await drawn('p::first-line { background: yellow }');
    expect(coloured.svg).not.toBe(plain.svg);
    expect(coloured.layouts).toBe(plain.layouts + 1);
    // `text-shadow: none` takes away the shadow the paragraph has
    const shadowed = await drawn('p { text-shadow: 1px 1px red }');
    const unshadowed = await drawn('p { text-shadow: 1px 1px red } p::first-line { text-shadow: none }');
    expect(unshadowed.svg).not.toBe(shadowed.svg);
    expect(unshadowed.layouts).toBe(shadowed.layouts + 1);
  });
});

// Pictor change first-line-inherited-shadow (src/handler/stylesheet.ts `rebuild`): the shadow looked at is the one
// the element draws with, its own or inherited from an ancestor; first-line-no-op looked only at the element's own
// style, so an inherited shadow stayed on a first line whose `::first-line` says `text-shadow: none` (Chromium takes
// it away there). Chromium repro: packages/core/test/repros/first-line-inherited-shadow.html.
describe('::first-line text-shadow: none under an inherited shadow', () => {
  it('takes the inherited shadow away from the first line (split and laid out again)', async () => {
    for (const ancestor of ['div', 'section']) {
      const shadowed = await drawn(`${ancestor} { text-shadow: 1px 1px red }`);
      const unshadowed = await drawn(
        `${ancestor} { text-shadow: 1px 1px red } p::first-line { text-shadow: none }`,
      );
      expect(unshadowed.svg).not.toBe(shadowed.svg);
      expect(unshadowed.layouts).toBe(shadowed.layouts + 1);
    }
  });

  it('is still a no-op where the inherited shadow is taken away by the element or an ancestor', async () => {
    for (const css of [
      'div { text-shadow: 1px 1px red } section { text-shadow: none } p::first-line { text-shadow: none }',
      'div { text-shadow: 1px 1px red } p { text-shadow: initial } p::first-line { text-shadow: none }',
    ]) {
      const plain = await drawn(css.replace(/ p::first-line \{[^}]*\}/, ''));
      const ruled = await drawn(css);
      expect(ruled.svg).toBe(plain.svg);
      expect(ruled.layouts).toBe(plain.layouts);
    }
  });

  it('an inherited shadow kept by `inherit` on the element is taken away from its first line', async () => {
    const css = 'div { text-shadow: 1px 1px red } p { text-shadow: inherit }';
    const shadowed = await drawn(css);
    const unshadowed = await drawn(`${css} p::first-line { text-shadow: none }`);
    expect(unshadowed.svg).not.toBe(shadowed.svg);
    expect(unshadowed.layouts).toBe(shadowed.layouts + 1);
  });
});
