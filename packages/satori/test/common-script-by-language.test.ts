// Pictor change common-script-by-language: a piece of text of only Common characters (spaces, `·`, digits, `,`)
// is shaped in the script of its language, as Chromium shapes such characters in the script around them or of the
// content language, so Noto Sans KR's Korean forms (`locl`: 0.28 em space and middle dot) reach them under
// lang="ko" between Latin letters and digits too. Widths measured in Chromium 156 (local face, whole-pixel
// advances). Chromium repro: packages/core/test/repros/korean-common-punctuation.html (html-chromium-repros).
import { describe, expect, it } from 'vitest';
import { korean } from './cjk-fonts.js';
import { boxes, fonts, h, hp } from './render.js';

/** The laid-out width of one line of `text` in Noto Sans KR 22px under `lang`. */
async function width(text: string, lang: string) {
  const line = hp(
    'div',
    { lang, style: { display: 'flex', fontFamily: 'Noto Sans KR', fontSize: 22 } },
    text,
  );
  const { boxes: found } = await boxes(h('div', { display: 'flex', alignItems: 'flex-start' }, line), {
    width: 1200,
    height: 60,
    fonts: [...fonts, korean],
    wholePixelAdvances: true,
  });
  return found[1].width;
}

describe('common characters shaped in the script of their language', () => {
  it('middle dots and spaces between Latin letters take the Korean forms under lang="ko" (Chromium: 324 px)', async () => {
    expect(await width('A · B · C · D · E · F · G · H · I · J · K', 'ko')).toBe(324);
  });

  it('so do those between digits, a line of nothing but Common characters (Chromium: 252 px)', async () => {
    expect(await width('1 · 2 · 3 · 4 · 5 · 6 · 7 · 8 · 9', 'ko')).toBe(252);
  });

  it('under lang="en" the default forms stay (Chromium: 364 px)', async () => {
    expect(await width('A · B · C · D · E · F · G · H · I · J · K', 'en')).toBe(364);
  });
});
