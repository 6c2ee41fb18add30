// Pictor tuning font-family-memo (speed only, src/handler/expand.ts): each element's `font-family` was split into
// its families and each lowercased with `toLocaleLowerCase` (through ICU), however many elements declared the same
// value: a long page whose rules set the family on every paragraph paid it per element. Each distinct value is now
// parsed once per process and a copy of its list handed out. Counted without a clock: `pictorLayoutStats()` counts the
// values parsed.
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
const layoutStats = built.pictorLayoutStats as (() => { fontFamilyParses: number }) | undefined;

/** Paragraphs each declaring one of two family lists (quoted, mixed case), one of them bold. */
function page(): Element {
  return h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 500, backgroundColor: '#fff' },
    ...Array.from({ length: 40 }, (_x, i) =>
      h(
        'p',
        {
          display: 'block',
          margin: 0,
          fontSize: 14,
          fontWeight: i % 3 ? 400 : 700,
          fontFamily: i % 2 ? '"INTER", Helvetica, sans-serif' : "'Missing Face', Inter",
        },
        `Paragraph ${i} in its family`,
      ),
    ),
  );
}

/** The SVG and how many `font-family` values were parsed, with the memo on or off. */
async function parsed(memo: boolean) {
  const before = layoutStats?.().fontFamilyParses ?? 0;
  const svg = await render(page(), { width: 500, height: 800, pictorTunings: { fontFamilyMemo: memo } });
  return { svg, parses: (layoutStats?.().fontFamilyParses ?? 0) - before };
}

describe('font-family-memo', () => {
  it('parses each distinct font-family value once, with the same SVG', async () => {
    expect(layoutStats, 'the build counts layout work (pictorLayoutStats)').toBeTypeOf('function');
    const off = await parsed(false);
    const on = await parsed(true);
    const again = await parsed(true);
    expect(on.svg).toBe(off.svg);
    expect(again.svg).toBe(off.svg);
    expect(off.parses).toBeGreaterThanOrEqual(40);
    // The two values once each (the memo is process-wide: none the second time).
    expect(on.parses).toBeLessThanOrEqual(2);
    expect(again.parses).toBe(0);
  });
});
