// Pictor change cjk-language-advances: under a `lang` of Chinese, Japanese or Korean, a face of that language
// (@pictor/fonts-cjk's faces carry one) that draws CJK characters the named fonts lack is laid out on whole pixels,
// as if named, as Chromium does (13 px per 13.33 px kana after Inter or a generic serif with lang="ja"; 13.33 px
// without a lang). Chromium repro: packages/core/test/repros/cjk-language-advances.html (html-chromium-repros).
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { boxes, fonts, h, hp } from './render.js';

const text = 'あいうえおかきくけこ漢字';

/** The width of the 12 characters at 13.33 px under `font-family: Inter, serif` (a generic family: no standard font after Inter), `lang` on the line. */
async function width(lang: string | undefined) {
  const line = hp(
    'div',
    { lang, style: { display: 'flex', fontFamily: 'Inter, serif', fontSize: 40 / 3 } },
    text,
  );
  const marked = [...fonts, ...jp.map((font) => ({ ...font, lang: 'ja-JP' }))].map((font) => ({
    ...font,
    wholePixelAdvances: 'when-named' as const,
  }));
  const { boxes: found } = await boxes(h('div', { display: 'flex', alignItems: 'flex-start' }, line), {
    width: 400,
    height: 40,
    fonts: marked,
  });
  return found[1].width;
}

describe('CJK fallback under a CJK lang', () => {
  it('is laid out on whole pixels, as by name (Chromium: 156 px)', async () => {
    expect(await width('ja-JP')).toBe(156);
  });

  it('keeps fractional advances without the language (Chromium: 159.94 px, a 160 px box)', async () => {
    expect(await width(undefined)).toBe(160);
  });
});
