// Pictor change first-line: `::first-line` styles the content of a block container's first formatted line, found
// with that style (a larger font on the first line breaks it sooner and makes it taller): the inline content up to
// the first forced break is wrapped in `::first-line` elements, and when it takes more than one line the tree is laid
// out again with only the first line's part wrapped; the first line's strut has the pseudo-element's font. The rule
// was matched and reported as not drawn, its text in the element's style. Chromium repros:
// packages/core/test/repros/first-line-{whole,continues,nested}.html.
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

const paragraph = { display: 'block', width: 400, fontSize: 16, lineHeight: '20px' };
const big = '.p::first-line { font-size: 30px; line-height: 36px }';
const long = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda';

async function laidOut(css: string, ...children: unknown[]) {
  const errors: string[] = [];
  const tree = hp(
    'div',
    { style: { display: 'block', width: 400 } },
    hp('style', {}, css),
    hp('p', { className: 'p', style: paragraph }, ...children),
  );
  const found = await boxes(tree, {
    width: 400,
    height: 400,
    onStyleError: (e: Error) => errors.push(e.message),
  });
  return {
    p: found.boxes.find((b) => b.type === 'p')!,
    all: (type: string) => found.boxes.filter((b) => b.type === type),
    errors: errors.filter((m) => m.includes('::first-line')),
  };
}

describe('::first-line', () => {
  it('a name that fits on the first line takes its font size and line height', async () => {
    expect((await laidOut('', 'Richard Hendriks')).p.height).toBe(20);
    const found = await laidOut(big, 'Richard Hendriks');
    expect(found.p.height).toBe(36);
    expect(found.all('::first-line')).toHaveLength(1);
    expect(found.errors).toEqual([]);
  });

  it('stops at a forced break: the line after it keeps the element style', async () => {
    const found = await laidOut(big, 'Richard Hendriks', hp('br', {}), hp('span', {}, 'Programmer'));
    expect(found.p.height).toBe(36 + 20);
    const [span] = found.all('span');
    expect(span.top - found.p.top).toBeGreaterThanOrEqual(36);
    expect(span.height).toBeLessThan(25);
  });

  it('text longer than the first line: the first line breaks in its style, the rest in the element style', async () => {
    // Four words fit on a line in 30px text; the rest fits on one line in 16px text (72 if all were in 30px).
    const found = await laidOut(big, long);
    expect(found.p.height).toBe(36 + 20);
    const lines = found.all('::first-line');
    expect(lines).toHaveLength(1);
    expect(lines[0].height).toBeLessThan(40);
    expect(found.errors).toEqual([]);
  });

  it('an inline element across the end of the first line is split there', async () => {
    const found = await laidOut(
      big,
      'Alpha beta gamma ',
      hp('b', {}, 'delta epsilon zeta'),
      ' eta theta iota kappa lambda',
    );
    expect(found.p.height).toBe(36 + 20);
    const [first, rest] = found.all('b');
    expect(first.top - found.p.top).toBeLessThan(36);
    expect(rest.top - found.p.top).toBeGreaterThanOrEqual(36);
    expect(rest.height).toBeLessThan(25);
  });

  it('a block and its first block child both with ::first-line: one break at the end of the shared line', async () => {
    const css = '.d::first-line { color: #111 } .p::first-line { font-size: 30px; line-height: 36px }';
    const tree = hp(
      'div',
      { style: { display: 'block', width: 400 } },
      hp('style', {}, css),
      hp(
        'div',
        { className: 'd', style: { display: 'block' } },
        hp('p', { className: 'p', style: paragraph }, long),
      ),
    );
    const found = (await boxes(tree, { width: 400, height: 400 })).boxes;
    expect(found.find((b) => b.type === 'p')!.height).toBe(36 + 20);
    expect(found.filter((b) => b.type === '::first-line')).toHaveLength(2);
  });

  it("the first line's strut has its font, and is no shorter than the element's (as Chromium 156)", async () => {
    const height = async (css: string) => (await laidOut(css, 'Short')).p.height;
    expect(await height('.p::first-line { font-size: 30px }')).toBe(20);
    expect(await height('.p::first-line { font-size: 30px; line-height: 24px }')).toBe(24);
    expect(await height('.p::first-line { font-size: 30px; line-height: 12px }')).toBe(20);
    expect(await height('.p::first-line { line-height: 40px }')).toBe(40);
  });

  it('a first line with generated text of unknown length that takes more lines is reported, not drawn', async () => {
    const found = await laidOut(
      `${big} .p { counter-reset: n 7 } .p::before { content: counter(n) ". " }`,
      long,
    );
    expect(found.all('::first-line')).toHaveLength(0);
    expect(found.errors).toHaveLength(1);
  });
});
