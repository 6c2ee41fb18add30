// Pictor change first-letter-punctuation-only (src/pictor-first-letter.ts `firstLetterRange`): a text of
// punctuation alone before the first letter — a `<q>`'s open quote (its `::before`), a `“` in an element of its own —
// is the first letter, as Chromium draws it; the word after it is not. satori found no first letter there.
// Chromium repro: packages/core/test/repros/first-letter-punctuation-only.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp, textPieces } from './render.js';

const paragraph = { display: 'block', width: 300, fontSize: 16, lineHeight: '20px' };
const css =
  '.p::first-letter { font-size: 32px } q::before { content: open-quote } q::after { content: close-quote }';

/** The boxes and text pieces of a paragraph with `children` under the rules above. */
async function laidOut(...children: unknown[]) {
  const tree = hp(
    'div',
    { style: { display: 'block', width: 300 } },
    hp('style', {}, css),
    hp('p', { className: 'p', style: paragraph }, ...children),
  );
  const options = { width: 300, height: 100 };
  return { boxes: (await boxes(tree, options)).boxes, pieces: await textPieces(tree, options) };
}

describe('::first-letter on punctuation alone', () => {
  it("is a <q>'s open quote, not the quoted word's letter", async () => {
    const { boxes: found, pieces } = await laidOut(hp('q', {}, 'Hello'), ' world');
    const letters = found.filter((b) => b.type === '::first-letter');
    expect(letters).toHaveLength(1);
    // The quote mark alone (about 10px at 32px), and the whole word after it in the paragraph's own text.
    expect(letters[0]!.width).toBeLessThan(16);
    const hello = pieces.find((p) => p.text.startsWith('Hello'))!;
    expect(hello.x).toBeGreaterThanOrEqual(letters[0]!.left + letters[0]!.width - 0.01);
  });

  it('is a quote mark in an element of its own; a mark and a space before the word is none', async () => {
    const own = await laidOut(hp('span', {}, '\u201c'), 'Hello');
    expect(own.boxes.filter((b) => b.type === '::first-letter')).toHaveLength(1);
    const spaced = await laidOut('\u201c Spaced');
    expect(spaced.boxes.filter((b) => b.type === '::first-letter')).toHaveLength(0);
  });
});
