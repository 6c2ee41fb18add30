/**
 * Pictor (shaped-glyphs-direct, speed only): HarfBuzz's shaped glyphs are read from its glyph info and position
 * arrays in the module's memory instead of through harfbuzzjs's `json()` (the buffer serialised to JSON text, then
 * parsed), which took about 60% of each shaping call on text-heavy pages. The same SVG with the switch on and off, in
 * scripts whose shaping moves glyphs (kerning and ligatures, Arabic joining and marks, Hebrew and Thai marks,
 * vertical CJK), and the counts say which way each buffer was read.
 */
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { fonts, h, render, rtlFonts, shapeStats, thaiFont } from './render.js';

/** Fonts as new buffers: a new font loader, so no shaped run of an earlier render is reused. */
const fresh = () =>
  [...fonts, ...rtlFonts, thaiFont('Thai'), ...jp].map((font) => ({ ...font, data: Buffer.from(font.data) }));

const page = h(
  'div',
  { display: 'flex', flexDirection: 'column', width: 600, fontSize: 28, fontFamily: 'Inter' },
  h('div', {}, 'AVATAR office Wavy “quotes” fi ffl — 1,234.56'),
  h('div', { fontFamily: 'Arabic', direction: 'rtl' }, 'أهلاً بالعالم، آمين ـــ فيـ'),
  h('div', { fontFamily: 'Hebrew', direction: 'rtl' }, 'שָׁלוֹם עוֹלָם'),
  h('div', { fontFamily: 'Thai' }, 'สวัสดีครับ ผู้ใหญ่'),
  h('div', { fontFamily: 'Noto Sans JP', writingMode: 'vertical-rl', height: 200 }, '縦書き「テスト」、ー。'),
);

describe('shaped glyphs read from HarfBuzz memory', () => {
  it('the same SVG on and off, each way counted', async () => {
    const before = shapeStats?.() ?? { direct: Number.NaN, json: Number.NaN };
    const on = await render(page, { width: 600, height: 500, fonts: fresh() });
    const middle = shapeStats?.() ?? { direct: Number.NaN, json: Number.NaN };
    const off = await render(page, {
      width: 600,
      height: 500,
      fonts: fresh(),
      pictorTunings: { shapedGlyphsDirect: false },
    });
    const after = shapeStats?.() ?? { direct: Number.NaN, json: Number.NaN };
    expect(middle.direct - before.direct).toBeGreaterThan(20);
    expect(middle.json - before.json).toBe(0);
    expect(after.json - middle.json).toBeGreaterThan(20);
    expect(after.direct - middle.direct).toBe(0);
    expect(on.length).toBeGreaterThan(5000);
    expect(on).toBe(off);
  });
});
