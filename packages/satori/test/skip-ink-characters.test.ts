/**
 * Pictor (skip-ink-characters): as Chromium (Blink's `Character::CanTextDecorationSkipInk`), an underline is drawn
 * through `/`, `\` and `_` and through CJK glyphs even where they cross it (a URL's underline is one line, not broken
 * at each slash); other glyphs (`p`, `g`) still interrupt it. satori skipped the ink of every glyph.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

const require = createRequire(import.meta.url);
const japanese = {
  name: 'JP',
  data: readFileSync(require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf')),
  weight: 400 as const,
  style: 'normal' as const,
};
const underlined = (text: string, fontFamily: string, skip: 'auto' | 'none') =>
  render(
    h(
      'div',
      {
        display: 'flex',
        fontSize: 48,
        fontFamily,
        textDecoration: 'underline',
        textDecorationSkipInk: skip,
      },
      text,
    ),
    { width: 400, height: 80, fonts: [...fonts, japanese] },
  );

describe('characters an underline is drawn through', () => {
  it('does not skip slashes, backslashes and low lines', async () => {
    for (const family of ['Inter', 'JP']) {
      expect(await underlined('a//b\\_c', family, 'auto')).toBe(await underlined('a//b\\_c', family, 'none'));
    }
  });

  it('does not skip CJK glyphs', async () => {
    expect(await underlined('漢字「か」한', 'JP', 'auto')).toBe(
      await underlined('漢字「か」한', 'JP', 'none'),
    );
  });

  it('still skips descenders of other letters', async () => {
    expect(await underlined('a/p/g', 'JP', 'auto')).not.toBe(await underlined('a/p/g', 'JP', 'none'));
  });
});
