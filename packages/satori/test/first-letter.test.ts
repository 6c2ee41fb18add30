// Pictor change first-letter: `::first-letter` styles the first typographic letter unit of a block container
// (leading and trailing punctuation included, leading spaces not), found through inline elements, `::before` text and
// the first block child: an inline one in a larger font makes the first line taller; a floated one is a drop cap the
// next lines wrap around; inside a `::first-line` (first-line.test.ts). The rules were matched to nothing, silently.
// Chromium repro: packages/core/test/repros/first-letter.html.
import { describe, expect, it } from 'vitest';
import { boxes, hp, textPieces } from './render.js';

const paragraph = { display: 'block', width: 240, fontSize: 16, lineHeight: '20px' };

/** The laid-out boxes of a `<style>` and one block with `children`. */
async function laidOut(css: string, ...children: unknown[]) {
  const tree = hp(
    'div',
    { style: { display: 'block', width: 240 } },
    hp('style', {}, css),
    hp('p', { className: 'p', style: paragraph }, ...children),
  );
  return (await boxes(tree, { width: 240, height: 200 })).boxes;
}

async function pieces(css: string, ...children: unknown[]) {
  const tree = hp(
    'div',
    { style: { display: 'block', width: 240 } },
    hp('style', {}, css),
    hp('p', { className: 'p', style: paragraph }, ...children),
  );
  return textPieces(tree, { width: 240, height: 200 });
}

describe('::first-letter', () => {
  it('an inline first letter in a larger font makes the first line taller', async () => {
    const text = 'Alice was here.';
    const plain = (await laidOut('', text)).find((b) => b.type === 'p')!;
    const found = await laidOut('.p::first-letter { font-size: 40px; line-height: 1 }', text);
    expect(plain.height).toBe(20);
    expect(found.find((b) => b.type === 'p')!.height).toBeGreaterThanOrEqual(40);
    expect(found.find((b) => b.type === '::first-letter')?.height).toBeGreaterThanOrEqual(40);
  });

  it('takes leading and trailing punctuation with the letter, not the leading spaces', async () => {
    const css = '.p::first-letter { font-weight: 700 }';
    const text = '  \u201c\u00bfOh!\u201d said she.';
    const letters = (await laidOut(css, text)).filter((b) => b.type === '::first-letter');
    expect(letters).toHaveLength(1);
    // The letter's box starts at the line's start and ends where the `h` after the `O` starts.
    const found = await pieces(css, text);
    const h = found.find((p) => p.text === 'h')!;
    expect(letters[0].left).toBe(0);
    expect(Math.abs(letters[0].left + letters[0].width - h.x)).toBeLessThan(0.01);
  });

  it('after the letter, punctuation joins it up to the first space', async () => {
    const css = '.p::first-letter { font-weight: 700 }';
    const text = 'I.\u201d He went.';
    const letter = (await laidOut(css, text)).find((b) => b.type === '::first-letter')!;
    const space = (await pieces(css, text)).find((p) => p.text.includes('He'))!;
    expect(letter.width).toBeGreaterThan(10);
    expect(letter.left + letter.width).toBeLessThan(space.x);
    // A space between punctuation and the letter: no first letter (as in Blink).
    const none = await laidOut(css, '\u201c Oh');
    expect(none.filter((b) => b.type === '::first-letter')).toHaveLength(0);
  });

  it('a floated first letter is a drop cap: the next two lines start after it', async () => {
    const css = '.p::first-letter { float: left; font-size: 50px; line-height: 44px; margin-right: 6px }';
    const text =
      'So she was considering in her own mind as well as she could whether the pleasure of it was worth it.';
    const found = await laidOut(css, text);
    const cap = found.find((b) => b.type === '::first-letter')!;
    expect(cap.height).toBe(44);
    const lefts = (await pieces(css, text)).map((p) => p.x);
    // Pieces of the first two lines start right of the cap, a later one at the left edge.
    expect(lefts.filter((x) => x >= cap.left + cap.width + 6 - 0.5).length).toBeGreaterThan(1);
    expect(Math.min(...lefts.slice(1))).toBeLessThan(cap.left + 1);
  });

  it('is found in an inline child, in ::before text and in the first block child', async () => {
    const css = '.p::first-letter { font-size: 30px }';
    const inline = await laidOut(css, hp('em', {}, 'very'), ' well');
    expect(inline.filter((b) => b.type === '::first-letter')).toHaveLength(1);
    const generated = await (async () => {
      const tree = hp(
        'div',
        { style: { display: 'block', width: 240 } },
        hp('style', {}, '.p::first-letter { font-size: 30px } .p::before { content: "Q." }'),
        hp('p', { className: 'p', style: paragraph }, 'text'),
      );
      return (await boxes(tree, { width: 240, height: 200 })).boxes;
    })();
    expect(generated.filter((b) => b.type === '::first-letter')).toHaveLength(1);
    const nested = await laidOut(css, hp('div', { style: { display: 'block' } }, 'Nested'));
    expect(nested.filter((b) => b.type === '::first-letter')).toHaveLength(1);
  });

  it('has none after an image, on an inline element or in a flex container', async () => {
    const css = '.p::first-letter { font-size: 30px }';
    const image = await laidOut(
      css,
      hp('img', {
        src: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
        width: 4,
        height: 4,
      }),
      'after',
    );
    expect(image.filter((b) => b.type === '::first-letter')).toHaveLength(0);
    const inline = await laidOut(
      '.s::first-letter { font-size: 30px }',
      hp('span', { className: 's' }, 'inline'),
    );
    expect(inline.filter((b) => b.type === '::first-letter')).toHaveLength(0);
    const tree = hp(
      'div',
      { style: { display: 'block', width: 240 } },
      hp('style', {}, css),
      hp('div', { className: 'p', style: { display: 'flex' } }, 'flex'),
    );
    const flex = (await boxes(tree, { width: 240, height: 200 })).boxes;
    expect(flex.filter((b) => b.type === '::first-letter')).toHaveLength(0);
  });

  it('inside a ::first-line, which is drawn around it', async () => {
    const errors: string[] = [];
    const tree = hp(
      'div',
      { style: { display: 'block', width: 240 } },
      hp('style', {}, '.p::first-line { color: red } .p::first-letter { font-size: 30px }'),
      hp('p', { className: 'p', style: paragraph }, 'text'),
    );
    const found = (
      await boxes(tree, { width: 240, height: 200, onStyleError: (e: Error) => errors.push(e.message) })
    ).boxes;
    expect(errors.filter((m) => m.includes('::first-line'))).toHaveLength(0);
    const line = found.findIndex((b) => b.type === '::first-line');
    expect(line).toBeGreaterThan(0);
    expect(found.findIndex((b) => b.type === '::first-letter')).toBeGreaterThan(line);
  });
});
