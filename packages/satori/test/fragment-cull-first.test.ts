// Pictor tuning fragment-cull-first (speed only, src/layout.ts): each line's fragment of an inline box got a copy of
// the box's whole computed style before the fragment was found to lie outside of the image and left undrawn — for
// every inline box below the image of a long document. The fragment is culled first now. Counted without a clock:
// `pictorLayoutStats()` counts the fragment styles copied.
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
const layoutStats = built.pictorLayoutStats as (() => { fragmentStyles: number }) | undefined;

/** Thirty paragraphs with a bordered, padded inline box each over several lines; the image shows the first few. */
function page(): Element {
  return h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 300, backgroundColor: '#fff' },
    ...Array.from({ length: 30 }, (_x, i) =>
      h(
        'p',
        { display: 'block', margin: 0, fontFamily: 'Inter', fontSize: 14, lineHeight: '20px' },
        `Paragraph ${i} with `,
        h(
          'span',
          { backgroundColor: '#fe8', border: '1px solid #c80', padding: '0 3px', borderRadius: 3 },
          'an inline box whose words run over more than one line of the paragraph',
        ),
        ' and more words.',
      ),
    ),
  );
}

/** The SVG and how many fragment styles were copied, with the switch on or off. */
async function drawn(on: boolean) {
  const before = layoutStats?.().fragmentStyles ?? 0;
  const svg = await render(page(), { width: 300, height: 200, pictorTunings: { fragmentCullFirst: on } });
  return { svg, copies: (layoutStats?.().fragmentStyles ?? 0) - before };
}

describe('fragment-cull-first', () => {
  it('copies the styles of the fragments in the image only, with the same SVG', async () => {
    expect(layoutStats, 'the build counts layout work (pictorLayoutStats)').toBeTypeOf('function');
    const on = await drawn(true);
    const off = await drawn(false);
    expect(on.svg).toBe(off.svg);
    // The boxes of the first paragraphs are drawn (two or three fragments each)…
    expect(on.copies).toBeGreaterThan(0);
    // …the others' fragments (thirty boxes of two or three lines) are not copied.
    expect(off.copies).toBeGreaterThanOrEqual(60);
    expect(on.copies).toBeLessThan(off.copies / 3);
  });
});
