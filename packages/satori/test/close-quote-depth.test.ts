// Pictor change close-quote-depth (src/handler/stylesheet.ts, `quoteOpen`): a `close-quote` with no quote open draws
// nothing, as in Chromium (the quote depth stays 0): a blockquote's `::before { content: "\201C" }` (a string, not an
// open-quote) with `::after { content: close-quote }` shows one mark, not two. Chromium repro:
// packages/core/test/repros/close-quote-depth.html.
import { describe, expect, it } from 'vitest';
import { hp, textPieces } from './render.js';

const qCss = 'q::before { content: open-quote } q::after { content: close-quote }';

async function texts(css: string, ...children: unknown[]) {
  const el = hp(
    'div',
    { style: { display: 'flex', flexDirection: 'column', width: 400 } },
    hp('style', {}, `${qCss} ${css}`),
    ...children,
  );
  return (await textPieces(el, { width: 400, height: 120 })).map((p) => p.text).join('');
}

describe('a close-quote', () => {
  it('draws nothing after a string ::before, outside any quote', async () => {
    const css = '.a::before { content: "\\201C" } .a::after { content: close-quote }';
    expect(await texts(css, hp('p', { className: 'a' }, 'x'))).toBe('“x');
  });

  it('draws nothing on its own, and nothing after a q whose ::before is a string', async () => {
    expect(await texts('.c::after { content: close-quote "!" }', hp('p', { className: 'c' }, 'x'))).toBe(
      'x!',
    );
    expect(await texts('q.s::before { content: "[" }', hp('p', {}, hp('q', { className: 's' }, 'x')))).toBe(
      '[x',
    );
  });

  it('closes an open-quote of its ::before, and a q', async () => {
    const css = '.b::before { content: open-quote } .b::after { content: close-quote }';
    expect(await texts(css, hp('p', { className: 'b' }, 'x'))).toBe('“x”');
    expect(await texts('', hp('p', {}, hp('q', {}, 'x')))).toBe('“x”');
  });
});
