// Pictor change kerning-across-boxes: a font's kerning between two characters of one word that are in different
// inline boxes of the same font (a `<q>`'s generated quote and the word it opens, a `<span>` inside a word) applies
// as Chromium shapes that text as one run (gutenberg-print-modern: "gloria, “quae habet speciem ‘honestatis’ et
// similitudinem”. Illo enim addito iuste fit recte" is 656 px in Chromium with `<q>`s as with the quotes typed in,
// and was 659 px here, so "recte" went to the next line). Chromium repro:
// packages/core/test/repros/kerning-across-boxes.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The width of a shrink-to-fit box around `content`, Inter at 100 px. */
async function width(...content: unknown[]) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start' },
    h('div', { display: 'block', fontFamily: 'Inter', fontSize: 100 }, ...content),
  );
  const { boxes: found } = await boxes(root, { width: 1600, height: 300 });
  return found[1].width;
}

describe('kerning between inline boxes inside a word', () => {
  it('kerns a quote in one box with the letter in the next as in one text', async () => {
    const whole = await width('“To”.');
    expect(await width(h('span', {}, '“'), 'To', h('span', {}, '”'), '.')).toBe(whole);
    expect(await width(h('span', {}, '“T'), 'o”.')).toBe(whole);
  });

  it('does not kern across a box edge with a width, as Chromium', async () => {
    // Chromium at 100 px: "”." 63 px (Inter kerns the pair by -10 px), the quote in a span 63, in a span with
    // 10 px of right padding 83 (unkerned: 44 + 10 + 29).
    const kerned = await width('”.');
    expect(Math.abs((await width(h('span', {}, '”'), '.')) - kerned)).toBeLessThanOrEqual(1);
    const padded = await width(h('span', { paddingRight: 10 }, '”'), '.');
    expect(Math.abs(padded - ((await width('”')) + 10 + (await width('.'))))).toBeLessThanOrEqual(1);
    expect(padded - kerned).toBeGreaterThan(18);
  });
});
