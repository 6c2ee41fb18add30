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

/** Paragraphs whose `font-family` is a list already (as a list marker copies its item's computed style). */
function listValues(): Element {
  return h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 300, backgroundColor: '#fff' },
    ...Array.from({ length: 12 }, (_x, i) =>
      h('p', { display: 'block', margin: 0, fontSize: 14, fontFamily: ['inter', 'sans-serif'] }, `Item ${i}`),
    ),
  );
}

/** The SVG and the style errors, with the memo on or off. */
async function listed(memo: boolean, element: Element = listValues()) {
  const errors: string[] = [];
  const svg = await render(element, {
    width: 300,
    height: 300,
    pictorTunings: { fontFamilyMemo: memo },
    onStyleError: (error: Error) => errors.push(error.message),
  });
  return { svg, errors };
}

// Pictor change font-family-array (src/handler/expand.ts): a value that is already a list of families was split as
// text, failed with a TypeError and was reported as a style error once per element (every list item's marker copies
// its item's computed list); the marker then inherited the same list, so only the errors change.
describe('font-family-array, a value that is a list', () => {
  it('is taken as that list: no style error, the same SVG as the same families as text', async () => {
    const off = await listed(false);
    const on = await listed(true);
    expect(off.errors).toEqual([]);
    expect(on.errors).toEqual([]);
    expect(on.svg).toBe(off.svg);
    const asText = h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 300, backgroundColor: '#fff' },
      ...Array.from({ length: 12 }, (_x, i) =>
        h('p', { display: 'block', margin: 0, fontSize: 14, fontFamily: 'Inter, sans-serif' }, `Item ${i}`),
      ),
    );
    expect(on.svg).toBe((await listed(true, asText)).svg);
  });

  it("list items' markers report no font-family error", async () => {
    const list = h(
      'div',
      { display: 'flex', width: 300, backgroundColor: '#fff' },
      h(
        'ul',
        { fontFamily: '"Inter", sans-serif', fontSize: 14 },
        ...Array.from({ length: 5 }, (_x, i) => h('li', {}, `Item ${i}`)),
      ),
    );
    const { errors } = await listed(true, list);
    expect(errors.filter((message) => /split|font-?family/i.test(message))).toEqual([]);
  });
});
