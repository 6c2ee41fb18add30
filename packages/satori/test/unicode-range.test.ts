// Pictor change unicode-range (src/font.ts `withRangeSiblings`, `covers`): faces of one family, weight and style that
// differ in their `unicode-range` are one font, as CSS composes a web font split by script (Google Fonts' and
// Fontsource's latin, latin-ext, cyrillic… faces): each character is drawn by the first face whose range holds it.
// Only the first face was used, for every character (VitePress's Inter: its Cyrillic face came first and the
// Latin text fell back to another font). Chromium repro: packages/core/test/repros/unicode-range-faces.html.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const require = createRequire(import.meta.url);
const inter = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/inter/${file}`));
const regular = inter('400Regular/Inter_400Regular.ttf');
const bold = inter('700Bold/Inter_700Bold.ttf');

/** The width of `text` in family `Split`, made of `faces`. */
async function width(text: string, faces: { data: Buffer; unicodeRange?: [number, number][] }[]) {
  const fonts = faces.map((face) => ({ name: 'Split', weight: 400, style: 'normal', ...face }));
  const tree = h(
    'div',
    { display: 'flex', width: 400, height: 40 },
    h('div', { fontFamily: 'Split', fontSize: 20 }, text),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 40, fonts });
  return found[1]?.width;
}

describe('faces split by unicode-range', () => {
  it('draw each character with the face whose range holds it', async () => {
    const lowerRegularUpperBold = [
      { data: regular, unicodeRange: [[0x61, 0x7a]] as [number, number][] },
      { data: bold, unicodeRange: [[0x41, 0x5a]] as [number, number][] },
    ];
    expect(await width('AAAA', lowerRegularUpperBold)).toBe(await width('AAAA', [{ data: bold }]));
    expect(await width('aaaa', lowerRegularUpperBold)).toBe(await width('aaaa', [{ data: regular }]));
    expect(await width('AAAA', [{ data: bold }])).not.toBe(await width('AAAA', [{ data: regular }]));
  });

  it('ask the first face whose range holds a character, in the order given', async () => {
    const upper = [[0x41, 0x5a]] as [number, number][];
    const latin1 = [[0, 0xff]] as [number, number][];
    const text = 'AAAA aaaa';
    // Bold first: its capitals, the rest regular — as with ranges that do not overlap.
    expect(
      await width(text, [
        { data: bold, unicodeRange: upper },
        { data: regular, unicodeRange: latin1 },
      ]),
    ).toBe(
      await width(text, [
        { data: bold, unicodeRange: upper },
        {
          data: regular,
          unicodeRange: [
            [0x20, 0x20],
            [0x61, 0x7a],
          ],
        },
      ]),
    );
    // Regular first: it holds every character.
    expect(
      await width(text, [
        { data: regular, unicodeRange: latin1 },
        { data: bold, unicodeRange: upper },
      ]),
    ).toBe(await width(text, [{ data: regular }]));
  });
});
