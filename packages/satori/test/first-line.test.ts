// Pictor change first-line: `::first-line` styles the content of a block container's first formatted line, found
// with that style (a larger font on the first line breaks it sooner and makes it taller): the inline content up to
// the first forced break is wrapped in `::first-line` elements, and when it takes more than one line the tree is laid
// out again with only the first line's part wrapped. The rule was matched and reported as not drawn.
// Chromium repro: packages/core/test/repros/first-line.html.
import { describe, expect, it } from 'vitest';
import { boxes, hp, textPieces } from './render.js';

const paragraph = { display: 'block', width: 400, fontSize: 16, lineHeight: '20px' };
const big = '.p::first-line { font-size: 30px; line-height: 36px }';

function tree(css: string, ...children: unknown[]) {
  return hp(
    'div',
    { style: { display: 'block', width: 400 } },
    hp('style', {}, css),
    hp('p', { className: 'p', style: paragraph }, ...children),
  );
}

async function laidOut(css: string, ...children: unknown[]) {
  const errors: string[] = [];
  const found = await boxes(tree(css, ...children), {
    width: 400,
    height: 400,
    onStyleError: (e: Error) => errors.push(e.message),
  });
  return { boxes: found.boxes, errors, svg: found.svg };
}

describe('::first-line', () => {
  it('a name that fits on the first line takes its font size and line height', async () => {
    const plain = await laidOut('', 'Richard Hendriks');
    const found = await laidOut(big, 'Richard Hendriks');
    expect(plain.boxes.find((b) => b.type === 'p')!.height).toBe(20);
    expect(found.boxes.find((b) => b.type === 'p')!.height).toBe(36);
    expect(found.boxes.filter((b) => b.type === '::first-line')).toHaveLength(1);
    expect(found.errors.filter((m) => m.includes('::first-line'))).toHaveLength(0);
  });

  it('stops at a forced break: the line after it keeps the element style', async () => {
    const found = await laidOut(big, 'Richard Hendriks', hp('br', {}), hp('span', {}, 'Programmer'));
    expect(found.boxes.find((b) => b.type === 'p')!.height).toBe(36 + 20);
    const line = found.boxes.find((b) => b.type === '::first-line')!;
    const span = found.boxes.find((b) => b.type === 'span')!;
    expect(span.top).toBeGreaterThanOrEqual(36);
    expect(span.height).toBeLessThan(25);
    expect(line.top).toBeLessThan(36);
  });

  it('text longer than the first line: only the first line takes the style', async () => {
    const text = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda';
    const found = await laidOut(big, text);
    const lines = found.boxes.filter((b) => b.type === '::first-line');
    expect(lines).toHaveLength(1);
    const pieces = await textPieces(tree(big, text), { width: 400, height: 400 });
    console.log(JSON.stringify(found.boxes), JSON.stringify(pieces));
  });
});
