// Pictor change initial-letter (src/pictor-initial-letter.ts): `initial-letter: N` on `::first-letter` is a drop cap
// sunk into N lines — its cap height from the first line's cap height to the Nth line's baseline, as wide as its ink —
// that the first N lines wrap beside; the letter was drawn at the text's size. Chromium repro:
// packages/core/test/repros/initial-letter.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, fonts, hp, rtlFonts } from './render.js';

const paragraph = { display: 'block', width: 240, fontSize: 16, lineHeight: '20px', fontFamily: 'Inter' };
const text =
  'So she was considering in her own mind as well as she could whether the pleasure of making a chain was worth it.';

/** The laid-out boxes of one paragraph of `content` under `css`, and its drawn text pieces with their places and sizes. */
async function laidOut(css: string, style: Record<string, unknown> = paragraph, content = text) {
  const tree = hp(
    'div',
    { style: { display: 'block', width: 240 } },
    hp('style', {}, css),
    hp('p', { className: 'p', style }, content),
  );
  const { svg, boxes: found } = await boxes(tree, {
    width: 240,
    height: 200,
    fonts: [...fonts, ...rtlFonts],
    embedFont: false,
  });
  const attribute = (tag: string, name: string) => Number(new RegExp(` ${name}="([\\d.-]+)"`).exec(tag)?.[1]);
  const pieces = [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => ({
    text: m[2] as string,
    x: attribute(m[1], 'x'),
    y: attribute(m[1], 'y'),
    fontSize: attribute(m[1], 'font-size'),
  }));
  return { boxes: found, pieces };
}

describe('initial-letter', () => {
  it('sinks the letter into N lines: N lines start after it, the next at the edge', async () => {
    for (const lines of [2, 3]) {
      const { boxes: found, pieces } = await laidOut(`.p::first-letter { initial-letter: ${lines} }`);
      const cap = found.find((b) => b.type === '::first-letter')!;
      // Its margin box is the N lines' height; its font is far larger than the text's.
      expect(cap.height).toBe(20 * lines);
      const letter = pieces.find((p) => p.text === 'S')!;
      expect(letter.fontSize).toBeGreaterThan(16 * lines * 0.9);
      const rows = [...new Set(pieces.filter((p) => p.text !== 'S').map((p) => Math.round(p.y)))].sort(
        (a, b) => a - b,
      );
      const startOf = (y: number) =>
        Math.min(...pieces.filter((p) => p.text !== 'S' && Math.round(p.y) === y).map((p) => p.x));
      for (const y of rows.slice(0, lines)) expect(startOf(y)).toBeGreaterThan(letter.x + 10);
      expect(startOf(rows[lines])).toBeLessThan(1);
    }
  });

  it('keeps the text size for a raised cap, which it does not draw', async () => {
    const { pieces } = await laidOut('.p::first-letter { initial-letter: 3 1 }');
    expect(pieces.find((p) => p.text === 'S')?.fontSize).toBe(16);
  });

  it('puts the letter at the right in a right-to-left paragraph, and a descender wraps one more line', async () => {
    const style = { ...paragraph, direction: 'rtl', fontFamily: 'Arabic' };
    const words =
      'عامات والمسافات نرى الكلمات أجل السطور في الفقرة نرى كلمات الصفحة كثيرة من كثيرة أن يحتوي الكلمات نرى هذا الفقرة يتم السطور والأرقام الطويلة السطور في الصفحة';
    const { boxes: found, pieces } = await laidOut('.p::first-letter { initial-letter: 2 }', style, words);
    const cap = found.find((b) => b.type === '::first-letter')!;
    const p = found.find((b) => b.type === 'p')!;
    expect(pieces.find((piece) => piece.text === '\u0639')!.fontSize).toBeGreaterThan(30);
    expect(Math.abs(cap.left + cap.width - (p.left + p.width))).toBeLessThan(1);
    // The ع's tail goes on below the second line's baseline: three lines wrap beside it.
    expect(cap.top).toBe(p.top);
    expect(cap.height).toBeGreaterThan(40);
    expect(cap.height).toBeLessThan(60);
  });
});
