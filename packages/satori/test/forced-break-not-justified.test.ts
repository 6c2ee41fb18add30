// Pictor change forced-break-not-justified: under `text-align: justify`, a line that a kept line feed ends
// (`white-space: pre-wrap` or `pre-line`) is not justified, like the last line (CSS Text 3 §7.1; Chromium).
// satori 0.63.2 justified every line but the last. Chromium repro: packages/core/test/repros/forced-break-not-justified.html.
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

const justified = (whiteSpace: string, text: string) =>
  h(
    'div',
    { display: 'flex', width: 320 },
    h('div', { width: 320, fontFamily: 'Inter', fontSize: 16, textAlign: 'justify', whiteSpace }, text),
  );

describe('justified preformatted text', () => {
  for (const whiteSpace of ['pre-wrap', 'pre-line']) {
    it(`keeps a line ended by a line feed at its natural spacing (${whiteSpace})`, async () => {
      const pieces = await textPieces(
        justified(
          whiteSpace,
          'one two three\nfour five six seven eight nine ten eleven twelve thirteen fourteen',
        ),
        { width: 320, height: 120 },
      );
      const three = pieces.find((p) => p.text.trim() === 'three')!;
      const two = pieces.find((p) => p.text.trim() === 'two')!;
      // Unjustified: "three" follows "two" by its width and a space (about 34 px), far from the right edge.
      expect(three.x - two.x).toBeLessThan(50);
      expect(three.x).toBeLessThan(150);
    });
  }
});
