/**
 * Pictor (named-lang-family): a family whose faces carry a language (`lang` in the fonts option: the CJK faces of
 * @pictor/fonts-cjk, `Noto Sans JP` with ja-JP) is used where `font-family` names it, as browsers use a family they
 * are given by name. satori 0.63.2 looked such a family up only as a fallback for missing glyphs, so `font-family:
 * "Noto Sans SC"` drew punctuation and Latin text with the first font (Inter's narrow quotes in Chinese text).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

const require = createRequire(import.meta.url);
const thai = readFileSync(
  require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
);
const face = (lang?: string) => ({
  name: 'Noto Sans Thai',
  data: thai,
  weight: 400 as const,
  style: 'normal' as const,
  ...(lang ? { lang } : {}),
});
const text = (fontFamily: string) => h('div', { display: 'flex', fontSize: 30, fontFamily }, 'Hello “world”');

describe('a family with a language, named in font-family', () => {
  it('draws with that family, as the same family without a language does', async () => {
    const withLang = await render(text('Noto Sans Thai'), {
      width: 300,
      height: 60,
      fonts: [...fonts, face('th-TH')],
    });
    const withoutLang = await render(text('Noto Sans Thai'), {
      width: 300,
      height: 60,
      fonts: [...fonts, face()],
    });
    const inter = await render(text('Inter'), { width: 300, height: 60, fonts: [...fonts, face('th-TH')] });
    expect(withLang).toBe(withoutLang);
    expect(withLang).not.toBe(inter);
  });
});
