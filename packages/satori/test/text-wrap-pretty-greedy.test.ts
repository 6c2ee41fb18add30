// Pictor change text-wrap-pretty-greedy (src/text/index.ts): `text-wrap: pretty` keeps the greedy line breaks.
// satori flowed the whole paragraph again at 90% of its width when its last line was short, which moved every line
// (a Standard Ebooks chapter, whose sheet sets `text-wrap: pretty` on the body); Chromium re-breaks at most the last
// four lines, and only where its least-cost breaks say so. Chromium repro:
// packages/core/test/repros/text-wrap-pretty-greedy.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

const TEXT =
  'I had seen little of Holmes lately. My marriage had drifted us away from each other. My own complete ' +
  'happiness, and the home-centred interests which rise up around the man who first finds himself master ' +
  'of his own establishment, were sufficient to absorb all my attention, while Holmes, who loathed society.';

/** The lines of a 300 px paragraph with `textWrap`: each line's text, by the pieces' y. */
async function lines(textWrap: string) {
  const tree = h(
    'div',
    { display: 'flex', width: 300 },
    h(
      'div',
      { display: 'block', width: 300, fontFamily: 'Inter', fontSize: 14, lineHeight: '20px', textWrap },
      TEXT,
    ),
  );
  const svg = await render(tree, { width: 300, height: 400, fonts, embedFont: false });
  const byLine = new Map<number, string>();
  for (const m of svg.matchAll(/<text[^>]*? y="([\d.-]+)"[^>]*>([^<]*)<\/text>/g))
    byLine.set(Math.round(Number(m[1])), (byLine.get(Math.round(Number(m[1]))) ?? '') + m[2]);
  return [...byLine.values()].map((line) => line.trim());
}

describe('text-wrap: pretty', () => {
  it('breaks lines as text-wrap: wrap does, a short last line included', async () => {
    const wrapped = await lines('wrap');
    // Greedy breaks end the paragraph with a line of one word, which satori reflowed the paragraph for.
    expect(wrapped.length).toBeGreaterThan(4);
    expect(wrapped.at(-1)).toBe('society.');
    expect(await lines('pretty')).toEqual(wrapped);
  });
});
