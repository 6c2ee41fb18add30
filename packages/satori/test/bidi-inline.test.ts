// Pictor change bidi-inline: a paragraph with inline elements is ordered by the bidi algorithm (UAX #9, bidi-js)
// across its elements, as in Chrome: in right-to-left text the pieces of each element go right to left with the
// text around them, `dir` on an inline element and `<bdi>` isolate their content, `<bdo>` overrides it, and spaces
// at the end of a line hang on its left. satori 0.63.2 laid the pieces of such a paragraph out left to right.
// Chromium repro: packages/core/test/repros/bidi-inline.html (html-bidi.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, leftToRight, textPieces } from './render.js';

const paragraph = (style: Record<string, unknown>, ...children: unknown[]) =>
  h(
    'div',
    { display: 'block', width: 500, fontFamily: 'Inter, Hebrew, Arabic', fontSize: 16, ...style },
    ...children,
  );
const order = async (element: ReturnType<typeof h>) =>
  leftToRight(await textPieces(element, { width: 500, height: 80 }));

describe('bidi across inline elements', () => {
  it('orders the words of a right-to-left paragraph from the right, inside and outside its elements', async () => {
    const words = await order(
      paragraph(
        { direction: 'rtl' },
        'אבג ',
        h('b', { fontWeight: 700 }, 'דהו זחט'),
        ' יכל ',
        h('a', {}, 'מנס'),
        ' עפצ',
      ),
    );
    expect(words).toEqual(['עפצ', 'מנס', 'יכל', 'זחט', 'דהו', 'אבג']);
  });

  it('keeps left-to-right names in order inside right-to-left text, isolated by dir="ltr"', async () => {
    const words = await order(
      paragraph(
        { direction: 'rtl' },
        'הירשמו ל-',
        hp('span', { dir: 'ltr', style: {} }, 'Pictor Pro 2'),
        ' עכשיו!',
      ),
    );
    expect(words).toEqual(['!', 'עכשיו', 'Pictor', 'Pro', '2', '-', 'ל', 'הירשמו']);
  });

  it('isolates <bdi> by its own first strong character', async () => {
    const words = await order(
      paragraph({ direction: 'rtl' }, 'המשתמש ', hp('bdi', { style: {} }, 'user_123'), ' כתב 3'),
    );
    expect(words).toEqual(['3', 'כתב', 'user_123', 'המשתמש']);
  });

  it('orders right-to-left words inside a left-to-right paragraph, and <bdo dir="rtl"> reverses', async () => {
    const words = await order(
      paragraph(
        {},
        'The word ',
        h('b', { fontWeight: 700 }, 'אבג דהו'),
        ' and ',
        hp('bdo', { dir: 'rtl', style: {} }, 'x y'),
      ),
    );
    expect(words).toEqual(['The', 'word', 'דהו', 'אבג', 'and', 'y', 'x']);
  });

  it('aligns a right-to-left line to the right, its hanging space past the left', async () => {
    const pieces = await textPieces(
      paragraph({ direction: 'rtl', width: 120 }, 'אבג ', h('b', { fontWeight: 700 }, 'דהו זחט יכל')),
      {
        width: 120,
        height: 80,
      },
    );
    // The first line ends on the right edge: its first word is its rightmost.
    const first = pieces.find((p) => p.text === 'אבג');
    const second = pieces.find((p) => p.text === 'דהו');
    expect(first && second && first.x > second.x).toBe(true);
  });

  it('places inline-blocks from the right under direction: rtl (the e-mail column swap)', async () => {
    const column = (color: string) =>
      h('div', { display: 'inline-block', width: 100, height: 20, backgroundColor: color });
    const { boxes: found } = await boxes(
      h('div', { display: 'block', width: 300, direction: 'rtl' }, column('red'), column('blue')),
      { width: 300, height: 40 },
    );
    const [first, second] = found.filter((b) => b.width === 100);
    expect([first?.left, second?.left]).toEqual([200, 100]);
  });

  it('takes dir="auto" from the first strong character: a Hebrew paragraph is right to left', async () => {
    const auto = (text: string) =>
      hp('div', { dir: 'auto', style: { display: 'block', width: 300, fontFamily: 'Inter, Hebrew' } }, text);
    const hebrew = await textPieces(auto('אבג hello'), { width: 300, height: 40 });
    expect(leftToRight(hebrew)).toEqual(['hello', 'אבג']);
    expect(hebrew.find((p) => p.text === 'hello')?.x).toBeGreaterThan(150);
    const latin = await textPieces(auto('hello אבג'), { width: 300, height: 40 });
    expect(latin.find((p) => p.text === 'hello')?.x).toBe(0);
  });

  it('aligns the last line of a justified right-to-left paragraph to the right', async () => {
    const pieces = await textPieces(
      paragraph(
        { direction: 'rtl', width: 90, textAlign: 'justify' },
        'אבג דהו ',
        h('b', { fontWeight: 700 }, 'זחט'),
        ' יכל',
      ),
      { width: 90, height: 80 },
    );
    // The last line holds only its last word, at the right edge.
    const last = pieces.find((p) => p.text === 'יכל');
    expect(last?.x).toBeGreaterThan(50);
  });
});
