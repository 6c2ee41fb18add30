// Pictor change shaping-language: text is shaped in its element's `lang`, as Chromium gives HarfBuzz the content
// language, so a font's language forms apply (Noto Sans KR's `locl` for Korean: spaces of 0.269 em, 7 px at 26 px,
// not the default 6). Chromium repro: packages/core/test/repros/korean-lang-spacing.html (html-chromium-repros).
// Also for languages satori keeps no locale for (its `lang` as written): Urdu and Sindhi digits in Noto Sans Arabic
// (repro shaping-language-locl.html, html-chromium-rows.test.ts).
import { describe, expect, it } from 'vitest';
import { korean } from './cjk-fonts.js';
import { boxes, fonts, h, hp, render, rtlFonts } from './render.js';

/** The laid-out width of one line of Korean with ten spaces, under `lang` (or none). */
async function width(lang?: string) {
  const line = hp(
    'div',
    { ...(lang ? { lang } : {}), style: { display: 'flex', fontFamily: 'Noto Sans KR', fontSize: 26 } },
    '모든 사람은 의견의 자유와 표현의 자유에 대한 권리를 가진다. 이러한 권리는',
  );
  const { boxes: found } = await boxes(h('div', { display: 'flex', alignItems: 'flex-start' }, line), {
    width: 1200,
    height: 60,
    fonts: [...fonts, korean],
    wholePixelAdvances: true,
  });
  return found[1].width;
}

describe('shaping language', () => {
  it('Korean under lang="ko" takes Noto Sans KR\'s Korean spaces (Chromium: 7 px each at 26 px)', async () => {
    const plain = await width();
    const ko = await width('ko-KR');
    expect(ko - plain).toBe(10);
  });

  it('text without a lang is shaped as before', async () => {
    expect(await width()).toBe(await width('en'));
  });

  it('Urdu and Sindhi digits under lang="ur" and "sd", not under "fa" or "ps" (languages outside satori\'s list)', async () => {
    /** The glyph outlines of ۴۶۷ (Noto Sans Arabic) in an element with `lang` (on the element or its parent). */
    const digits = async (lang?: string, parentLang?: string) => {
      const text = hp('div', lang === undefined ? {} : { lang }, '۴۶۷');
      const root = hp(
        'div',
        {
          ...(parentLang ? { lang: parentLang } : {}),
          style: { display: 'flex', fontFamily: 'Arabic', fontSize: 30 },
        },
        text,
      );
      const svg = await render(root, { width: 200, height: 60, fonts: [...fonts, ...rtlFonts] });
      return [...svg.matchAll(/ d="([^"]+)"/g)].map((m) => m[1]).join(' ');
    };
    const plain = await digits();
    expect(plain.length).toBeGreaterThan(0);
    expect(await digits('fa')).toBe(plain);
    expect(await digits('ps')).toBe(plain);
    const urdu = await digits('ur');
    expect(urdu).not.toBe(plain);
    expect(await digits('ur-PK')).toBe(urdu);
    // Sindhi, inherited from the parent: Urdu's ۴ and ۶ (its own ۷).
    expect(await digits(undefined, 'sd')).not.toBe(plain);
    // An empty lang is an unknown language: no language forms, whatever the parent's.
    expect(await digits('', 'ur')).toBe(plain);
  });
});
