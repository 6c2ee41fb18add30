// Pictor change shaping-language: text is shaped in its element's `lang`, as Chromium gives HarfBuzz the content
// language, so a font's language forms apply (Noto Sans KR's `locl` for Korean: spaces of 0.269 em, 7 px at 26 px,
// not the default 6). Chromium repro: packages/core/test/repros/korean-lang-spacing.html (html-chromium-repros).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, hp } from './render.js';

const require = createRequire(import.meta.url);
const korean = {
  name: 'Noto Sans KR',
  data: readFileSync(require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf')),
  weight: 400 as const,
  style: 'normal' as const,
};

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
});
