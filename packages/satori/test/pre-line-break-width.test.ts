// Pictor change pre-line-break-width: under white space that collapses (`pre-line` included), the white space and
// the kept line break at the end of a line hang there: they take no room in the line's alignment nor in the text's
// width. The last line of right-aligned `pre-line` text that ends with its break (WeasyPrint's invoice address) was
// set one break's width left of Chromium's. Chromium repro: packages/core/test/repros/pre-line-last-break.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

/** The right edge of the piece `word` in a right-aligned 200 px pre-line block. */
async function rightEdge(text: string, word: string) {
  const el = h(
    'div',
    { display: 'flex', width: 300, fontSize: 14 },
    h('div', { display: 'block', whiteSpace: 'pre-line', width: 200, textAlign: 'right' }, text),
  );
  const pieces = await textPieces(el, { width: 300, height: 100 });
  const piece = pieces.find((p) => p.text === word);
  const next = pieces[pieces.indexOf(piece!) + 1];
  return next ? next.x : undefined;
}

describe('the kept line break at the end of pre-line text', () => {
  it('takes no room: the last line ends at the right edge as the others do', async () => {
    expect(await rightEdge('Alpha\nBeta\n', 'Beta')).toBe(200);
    expect(await rightEdge('\n   Alpha\n   Beta\n   ', 'Beta')).toBe(200);
    expect(await rightEdge('Alpha\nBeta\n', 'Alpha')).toBe(200);
  });
});
