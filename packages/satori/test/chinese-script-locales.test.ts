/**
 * Pictor (chinese-script-locales): `lang="zh-Hant"` takes Traditional Chinese forms (the faces given for zh-TW) and
 * `zh-Hans` Simplified ones (zh-CN), as browsers take them; `zh-MO` those of Hong Kong. satori 0.63.2 matched a
 * language by its first letters only, so `zh-Hant` matched no face's language and drew Simplified forms.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, hp, render } from './render.js';

const require = createRequire(import.meta.url);
const thai = readFileSync(
  require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
);
// One family in two languages, told apart by their Latin letters: Inter for zh-CN, Noto Sans Thai for zh-TW.
const both = [
  ...fonts,
  { name: 'Both', data: fonts[0]?.data, weight: 400 as const, style: 'normal' as const, lang: 'zh-CN' },
  { name: 'Both', data: thai, weight: 400 as const, style: 'normal' as const, lang: 'zh-TW' },
];
const text = (lang: string) =>
  render(hp('div', { lang, style: { display: 'flex', fontSize: 30, fontFamily: 'Both' } }, 'Hello'), {
    width: 200,
    height: 60,
    fonts: both,
  });

describe('Chinese named by its script', () => {
  it('zh-Hant draws as zh-TW, zh-Hans as zh-CN', async () => {
    const traditional = await text('zh-TW');
    const simplified = await text('zh-CN');
    expect(traditional).not.toBe(simplified);
    expect(await text('zh-Hant')).toBe(traditional);
    expect(await text('zh-Hans')).toBe(simplified);
  });
});
