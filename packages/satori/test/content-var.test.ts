// Pictor change content-var: `content` with var() on ::before/::after (Vivliostyle's heading numbers:
// `content: var(--vs-section--h2-marker-content)`), read with the pseudo-element's variables and counters. The
// style sheet parser dropped such a declaration, and the pseudo-element with it.
// Chromium repro: packages/core/test/repros/content-var-markers.html.
import { describe, expect, it } from 'vitest';
import { hp, textPieces } from './render.js';

async function texts(css: string, ...children: unknown[]) {
  const el = hp(
    'div',
    { style: { display: 'flex', flexDirection: 'column', width: 300 } },
    hp('style', {}, css),
    ...children,
  );
  return (await textPieces(el, { width: 300, height: 120 })).map((p) => p.text).join('');
}

describe('content: var() on pseudo-elements', () => {
  it('strings and counters from a variable', async () => {
    const css =
      ":root { --m: 'Chapter ' counter(c, upper-roman) '. ' } .a { counter-increment: c } .a::before { content: var(--m) }";
    expect(await texts(css, hp('div', { className: 'a' }, 'One'), hp('div', { className: 'a' }, 'Two'))).toBe(
      'ChapterI.OneChapterII.Two',
    );
  });

  it('a fallback, nested variables and parts around the variable', async () => {
    const css =
      ":root { --label: 'see' } .n::after { content: ' (' var(--missing, var(--label)) ' ' attr(data-ref) ')' }";
    expect(await texts(css, hp('div', { className: 'n', 'data-ref': '2' }, 'Note'))).toBe('Note(see2)');
  });

  it('a variable that is not defined gives no content, and content without var() is unchanged', async () => {
    const css = ".x::before { content: var(--nothing) } .y::before { content: 'Y' }";
    expect(await texts(css, hp('div', { className: 'x' }, 'X'), hp('div', { className: 'y' }, 'z'))).toBe(
      'XYz',
    );
  });
});
