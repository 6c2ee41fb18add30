/**
 * Pictor (language-default-font): Chromium's generic families are per script. Under `lang="ja"` (ko, zh) the standard
 * font (the initial family), `sans-serif`, `cursive` and `fantasy` are the language's face, so Latin words of a
 * Japanese page are set in the Japanese face; `serif` and `monospace` keep their faces. A font-family list none of
 * whose families has a face falls back to the standard font (`-webkit-standard`), not to the first font of the list.
 * Measured on Chromium 156 (CSS.getPlatformFontsForNode, the fonts of benchmarks/fidelity/chromium.mjs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, hp, render } from './render.js';

const require = createRequire(import.meta.url);
const japanese = readFileSync(
  require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
);
const thai = readFileSync(
  require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
);
const inter = fonts[0]?.data;
const face = (name: string, data: unknown, lang?: string) => ({
  name,
  data,
  weight: 400 as const,
  style: 'normal' as const,
  ...(lang ? { lang } : {}),
});
// Inter first (satori's last resort), Noto Sans Thai as the standard font and serif, Noto Sans JP for ja-JP.
const list = [
  ...fonts,
  face('sans-serif', inter),
  face('serif', thai),
  face('-webkit-standard', thai),
  face('Noto Sans JP', japanese, 'ja-JP'),
];
const text = (fontFamily: string | undefined, lang?: string) =>
  render(
    hp(
      'div',
      {
        ...(lang ? { lang } : {}),
        style: { display: 'flex', fontSize: 30, ...(fontFamily ? { fontFamily } : {}) },
      },
      'Acme Cloud',
    ),
    { width: 300, height: 60, fonts: list },
  );

describe('generic families by language', () => {
  it('sets Latin text of a Japanese element in the Japanese face for the standard font and sans-serif', async () => {
    const jp = await text('Noto Sans JP');
    expect(await text('-webkit-standard', 'ja')).toBe(jp);
    expect(await text('sans-serif', 'ja')).toBe(jp);
    expect(await text('cursive', 'ja')).toBe(jp);
    expect(await text('Unknown, sans-serif', 'ja')).toBe(jp);
  });

  it('keeps serif and every family outside ja, ko and zh', async () => {
    expect(await text('serif', 'ja')).toBe(await text('serif'));
    expect(await text('sans-serif', 'en')).toBe(await text('Inter'));
    expect(await text('-webkit-standard', 'ja-Latn')).toBe(await text('serif'));
  });

  it('falls back to the standard font when no family of the list has a face', async () => {
    const standard = await text('serif');
    expect(standard).not.toBe(await text('Inter'));
    expect(await text('Unknown')).toBe(standard);
    expect(await text('Unknown, Other')).toBe(standard);
    expect(await text('Unknown', 'ja')).toBe(await text('Noto Sans JP'));
  });
});
