// Pictor change own-emoji-font: an emoji with U+FE0F (or a keycap) is drawn by the element's own emoji font when that
// font, in its font-family list, has every character of it, as Chromium draws it; otherwise it is an emoji picture
// (Twemoji in Pictor, from loadAdditionalAsset). Here the page's emoji font is Noto Emoji (@expo-google-fonts/noto-emoji,
// OFL-1.1), monochrome outlines; the picture a red square.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, h, pixels, render } from './render.js';

const require = createRequire(import.meta.url);
const emojiFont = {
  name: 'Noto Emoji',
  data: readFileSync(require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf')),
  weight: 400 as const,
  style: 'normal' as const,
};
const RED_SQUARE = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#f00"/></svg>',
).toString('base64')}`;

/** Dark (glyph) and red (picture) pixels of "❤️" drawn in 40 px text with the given font-family. */
async function heart(fontFamily: string) {
  const element = h(
    'div',
    { display: 'flex', width: 80, height: 60, backgroundColor: '#fff' },
    h('div', { display: 'flex', fontFamily, fontSize: 40, color: '#000' }, '\u2764\ufe0f'),
  );
  const svg = await render(element, {
    width: 80,
    height: 60,
    fonts: [...fonts, emojiFont],
    loadAdditionalAsset: async (code: string) => (code === 'emoji' ? RED_SQUARE : []),
  });
  const rgba = await pixels(svg);
  let dark = 0;
  let red = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    const [r, g, b, a] = [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]] as number[];
    if (a > 200 && r < 80 && g < 80 && b < 80) dark++;
    if (a > 200 && r > 200 && g < 60 && b < 60) red++;
  }
  return { dark, red };
}

describe("the page's own emoji font", () => {
  it('draws ❤️ when it is in the font-family list', async () => {
    const drawn = await heart('Inter, "Noto Emoji"');
    expect(drawn.dark).toBeGreaterThan(100);
    expect(drawn.red).toBe(0);
  });

  it('leaves ❤️ to the emoji picture when it is only a fallback font', async () => {
    const drawn = await heart('Inter');
    expect(drawn.red).toBeGreaterThan(100);
  });
});
