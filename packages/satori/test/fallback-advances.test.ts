// Pictor change fallback-advances: a face marked `wholePixelAdvances: 'when-named'` (@pictor/core's built-in faces
// under textPositioning auto) is laid out on whole pixels where font-family names it and with fractional advances
// where it draws glyphs as a fallback, as Chromium sets a local font it finds by name (its family's full hinting)
// and one it falls back to (the default hinting). Chromium repro: packages/core/test/repros/fallback-advances.html
// (html-chromium-repros): the Thai line of 16 px text is 310 px from Noto Sans Thai by name, 304.44 px by fallback.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

const require = createRequire(import.meta.url);
const thai = {
  name: 'Noto Sans Thai',
  data: readFileSync(
    require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
  ),
  weight: 400 as const,
  style: 'normal' as const,
};
const text = 'ผู้ดูแลระบบของคุณได้ร้องขอให้คุณปรับปรุงบัญชี';

async function width(fontFamily: string, wholePixelAdvances: boolean | 'when-named') {
  const line = h('div', { display: 'flex', fontFamily, fontSize: 16 }, text);
  const marked = [...fonts, thai].map((font) => ({ ...font, wholePixelAdvances }));
  const { boxes: found } = await boxes(h('div', { display: 'flex', alignItems: 'flex-start' }, line), {
    width: 600,
    height: 40,
    fonts: marked,
    wholePixelAdvances: true,
  });
  return found[1].width;
}

describe("a face marked 'when-named'", () => {
  it('is whole-pixel where font-family names it (Chromium: 310 px)', async () => {
    expect(await width('Noto Sans Thai', 'when-named')).toBe(310);
  });

  it('keeps fractional advances as a fallback (Chromium: 304.44 px, a 305 px box)', async () => {
    expect(await width('Inter', 'when-named')).toBe(305);
    expect(await width('Inter', true)).toBe(310);
  });
});
