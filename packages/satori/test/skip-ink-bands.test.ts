/**
 * Pictor (skip-ink-bands, speed only): an underline's skip-ink flattens only the glyphs whose points reach the rows
 * of its band and tests only the segments within them. The same SVG with the switch on and off — descenders at
 * several sizes, thick and thin underlines, synthetic italics, bold —, and the counts show the glyphs that never
 * reach the band skipped without being flattened.
 */
import { describe, expect, it } from 'vitest';
import { fonts, h, render, skipInkStats } from './render.js';

const line = (fontSize: number, extra: Record<string, unknown>, text: string) =>
  h('div', { fontSize, textDecoration: 'underline', ...extra }, text);

const page = h(
  'div',
  { display: 'flex', flexDirection: 'column', width: 700, fontFamily: 'Inter', color: '#123' },
  line(13, {}, 'Typography: jumping quickly over gypsy queues, 1234567890 (g/j/p/q/y)'),
  line(17.5, { fontStyle: 'italic' }, 'Synthetic italics: giggly puppy yoga, Agency quay'),
  line(24, { fontWeight: 700, textDecorationThickness: 4 }, 'Bold, thick: gap jig yqp'),
  line(40, { textDecorationColor: 'red', textUnderlineOffset: 6 }, 'Offset fig pjq'),
  line(9, {}, 'tiny type with descenders: gypsy jq'),
);

const counts = () => skipInkStats?.() ?? { flattened: Number.NaN, skipped: Number.NaN };

describe('skip-ink bands', () => {
  it('the same SVG on and off; glyphs away from the band are not flattened', async () => {
    const before = counts();
    const on = await render(page, { width: 700, height: 260, fonts });
    const middle = counts();
    const off = await render(page, {
      width: 700,
      height: 260,
      fonts,
      pictorTunings: { skipInkBands: false },
    });
    const after = counts();
    expect(on).toBe(off);
    // Descenders (g, j, p, q, y, comma, parentheses) reach the band; most letters do not.
    expect(middle.flattened - before.flattened).toBeGreaterThan(20);
    expect(middle.skipped - before.skipped).toBeGreaterThan(middle.flattened - before.flattened);
    expect(after).toEqual(middle);
    // The underlines are broken around descenders: more pieces of line than the 5 underlined rows.
    expect(on.match(/<line /g)?.length ?? 0).toBeGreaterThan(15);
  });
});
