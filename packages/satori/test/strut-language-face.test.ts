/**
 * Pictor (language-default-font, the strut): a block's strut is set in the face its language gives its family, as
 * its text is. Under `lang="ja"` the standard font is the Japanese face; with the strut still in the Latin standard
 * face (other ascent and descent), a 24 px line of Japanese text came out 25 px tall (Chromium: 24).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, h, hp, render } from './render.js';

const require = createRequire(import.meta.url);
const font = (path: string) => readFileSync(require.resolve(`@expo-google-fonts/${path}`));
const list = [
  ...fonts,
  {
    name: '-webkit-standard',
    data: font('noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
    weight: 400 as const,
    style: 'normal' as const,
  },
  {
    name: 'Noto Sans JP',
    data: font('noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    weight: 400 as const,
    style: 'normal' as const,
    lang: 'ja-JP',
  },
];

describe('the strut of a Japanese block', () => {
  it('keeps each line as tall as its line-height', async () => {
    const svg = await render(
      h(
        'div',
        { display: 'flex', flexDirection: 'column', fontFamily: '-webkit-standard', fontSize: 16 },
        hp(
          'div',
          { lang: 'ja', style: { display: 'block', lineHeight: '24px' } },
          'あいう ',
          h('span', {}, 'Acme'),
        ),
        h('div', { height: 10, backgroundColor: 'red' }),
      ),
      { width: 200, height: 60, fonts: list },
    );
    expect(/<rect x="0" y="([\d.]+)" width="200" height="10" fill="red"/.exec(svg)?.[1]).toBe('24');
  });
});
