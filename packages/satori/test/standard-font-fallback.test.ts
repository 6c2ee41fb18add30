// Pictor change standard-font-fallback: characters that the faces of a family list naming no generic family lack
// come from the standard font (`-webkit-standard`) before any other font, as Chrome falls back to the description's
// generic family (for such a list, the standard font): Font Awesome's `<i class="fa">text</i>` sets its Latin
// letters in the standard serif, not in the first font loaded. Here Noto Sans Hebrew (no Cyrillic) stands in for the
// icon font, and Inter Bold is the standard font. Chromium repro: packages/core/test/repros/standard-font-fallback.html
// (core html-standard-font-fallback.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, render, rtlFonts, svgSize } from './render.js';

const standard = { ...fonts[1], name: '-webkit-standard', weight: 400 as const };
const withStandard = [fonts[0], standard, rtlFonts[0]];

const width = async (fontFamily: string) =>
  svgSize(
    await render(h('div', { display: 'flex', fontSize: 40, fontFamily }, 'ЖЖЖЖЖ'), {
      fonts: withStandard,
    }),
  ).width;

describe('fallback from a list without a generic family', () => {
  it('takes the standard font first (Inter Bold here), not the first font loaded', async () => {
    expect(await width('Hebrew')).toBe(await width('-webkit-standard'));
    expect(await width('Hebrew')).toBeGreaterThan(await width('Inter'));
  });

  it('a face later in the list that has the characters still comes first', async () => {
    expect(await width('Hebrew, Inter')).toBe(await width('Inter'));
  });
});
