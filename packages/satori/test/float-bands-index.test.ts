// Pictor tuning float-bands-index (speed only, src/layout-engine/pictor-float-bands.ts): after a layout, each
// paragraph is checked against the floats of its formatting context that come before it (float-bands-complete). The
// check read every node before the paragraph, once per paragraph: quadratic in a long document (a résumé of a
// thousand paragraphs). The floats of each formatting context are now listed once per layout and each paragraph reads
// its own context's. Counted without a clock: the build's `pictorLayoutStats()` counts the nodes read as candidates.
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
const layoutStats = built.pictorLayoutStats as (() => { floatBandCandidates: number }) | undefined;

const text = { display: 'block', margin: 0, fontFamily: 'Inter', fontSize: 14, lineHeight: '18px' };
const float = (side: string, width: number, height: number) =>
  h('div', { display: 'block', float: side, width, height, backgroundColor: 'orange' }, '');

/** Sections, each a block with a short and a tall float (float-bands-complete's case) and paragraphs beside them. */
function page(): Element {
  const sections = Array.from({ length: 8 }, (_x, s) =>
    h(
      'div',
      { display: 'block', width: 400 },
      float('left', 30, 20),
      float(s % 2 ? 'right' : 'left', 60, 70),
      ...Array.from({ length: 12 }, (_y, p) =>
        h('p', text, `Section ${s} paragraph ${p}: words that wrap beside the floats of the section.`),
      ),
    ),
  );
  return h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 400, backgroundColor: '#fff' },
    ...sections,
  );
}

/** The SVG and how many nodes the float-band check read, with the index on or off. */
async function checked(index: boolean) {
  const before = layoutStats?.().floatBandCandidates ?? 0;
  const svg = await render(page(), { width: 400, height: 2400, pictorTunings: { floatBandsIndex: index } });
  return { svg, candidates: (layoutStats?.().floatBandCandidates ?? 0) - before };
}

describe('float-bands-index', () => {
  it("reads only the floats of each paragraph's formatting context, with the same SVG", async () => {
    expect(layoutStats, 'the build counts layout work (pictorLayoutStats)').toBeTypeOf('function');
    const on = await checked(true);
    const off = await checked(false);
    expect(on.svg).toBe(off.svg);
    expect(on.candidates).toBeGreaterThan(0);
    // Each paragraph reads its section's two floats, not every node before it.
    expect(on.candidates).toBeLessThan(off.candidates / 10);
  });
});
