// Pictor change bidi-plaintext: under `unicode-bidi: plaintext` a block's paragraph takes its base direction from
// its first strong character (UAX #9 P2–P3; left to right without one), and `text-align: start` follows it, as in
// Chrome; `direction` decides neither. satori 0.63.2 set such a paragraph in its `direction`.
// Chromium repro: packages/core/test/repros/bidi-plaintext.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, leftToRight, textPieces } from './render.js';

const WIDTH = 500;
const block = (props: Record<string, unknown>, style: Record<string, unknown>, ...children: unknown[]) =>
  hp(
    'div',
    {
      ...props,
      style: { display: 'block', width: WIDTH, fontFamily: 'Inter, Hebrew, Arabic', fontSize: 16, ...style },
    },
    ...children,
  );
const pieces = (element: ReturnType<typeof h>) => textPieces(element, { width: WIDTH, height: 80 });

describe('unicode-bidi: plaintext', () => {
  it('sets Hebrew text right to left, from the right, in a left-to-right block', async () => {
    const found = await pieces(block({}, { unicodeBidi: 'plaintext' }, 'שלום world 42!'));
    expect(leftToRight(found)).toEqual(['!', 'world', '42', 'שלום']);
    // At the start of a right-to-left line: its right.
    expect(Math.max(...found.map((p) => p.x))).toBeGreaterThan(WIDTH / 2);
  });

  it('sets English left to right, from the left, under dir="rtl"; without a strong character too', async () => {
    for (const text of ['Hello (world) 42!', '12:30 !']) {
      const found = await pieces(block({ dir: 'rtl' }, { unicodeBidi: 'plaintext' }, text));
      // Left to right: the pieces from the left in the order of the text.
      expect(leftToRight(found).join('')).toEqual(text.replaceAll(' ', ''));
      expect(Math.min(...found.map((p) => p.x))).toBeLessThan(1);
    }
  });

  it('orders inline elements by the paragraph direction it finds', async () => {
    const found = await pieces(
      block(
        {},
        { unicodeBidi: 'plaintext' },
        h('b', { fontWeight: 700 }, 'אבג'),
        ' world ',
        h('a', {}, 'דהו'),
      ),
    );
    expect(leftToRight(found)).toEqual(['דהו', 'world', 'אבג']);
  });

  it('is not inherited: a paragraph inside keeps its direction', async () => {
    const found = await pieces(
      block(
        { dir: 'rtl' },
        { unicodeBidi: 'plaintext' },
        h('p', { display: 'block', margin: 0 }, 'English text.'),
      ),
    );
    // An English paragraph of a right-to-left block: its full stop on the left.
    expect(leftToRight(found)).toEqual(['.', 'English', 'text']);
  });
});
