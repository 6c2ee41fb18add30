/**
 * Pictor (underline-trailing-space): a collapsible space that a line ends with is removed in Chrome (CSS Text's white
 * space processing), so an underlined link whose text wraps — Asciidoctor's `<a>custom converter</a>` breaking after
 * "custom" — has its underline end with the word, not a space's width after it. satori drew the decoration over the
 * whole piece of text, its hanging space included. A space inside a line keeps its underline.
 */
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

/** The underlines' [x1, x2] in the SVG, top to bottom. */
async function underlines(children: unknown) {
  const svg = await render(
    h(
      'div',
      { display: 'block', width: 150, fontSize: 16, fontFamily: 'Inter', lineHeight: '24px' },
      children,
    ),
    { width: 200, height: 120, fonts },
  );
  return [...svg.matchAll(/<line [^>]*x1="([\d.]+)"[^>]*x2="([\d.]+)"/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
}

describe('an underline at the end of a line', () => {
  it('ends with the last word, without the hanging space', async () => {
    const lines = await underlines(h('span', { textDecoration: 'underline' }, 'aaaa bbbb cccc dddd eeee'));
    const words = await underlines(h('span', { textDecoration: 'underline' }, 'aaaa bbbb cccc'));
    expect(lines.length).toBe(2);
    // The first line's underline is as long as 'aaaa bbbb cccc' alone (the paragraph's own end has no space).
    expect(lines[0]![1] - lines[0]![0]).toBeCloseTo(words[0]![1] - words[0]![0], 3);
  });

  it('keeps a space inside a line underlined', async () => {
    const spaced = await underlines(['x ', h('span', { textDecoration: 'underline' }, 'ab '), 'cd']);
    const plain = await underlines(['x ', h('span', { textDecoration: 'underline' }, 'ab'), 'cd']);
    expect(spaced[0]![1] - spaced[0]![0]).toBeGreaterThan(plain[0]![1] - plain[0]![0] + 2);
  });
});
