/**
 * Pictor change ch-unit-language: `ch` is the advance of "0" in the face the element's text is set in, and under
 * `lang="ja"` (ko, zh) a generic family is the language's face (language-default-font), whose "0" is narrower than
 * Inter's. satori measured "0" with no language: Inter's "0", so `padding: 0 2ch` of a Japanese page was 2 px wider
 * each side and a heading that just fitted wrapped a word early. Seen on the Vivliostyle slide theme
 * (`--vs-spacing-inline-indent: min(2ch, 5vw)`, benchmarks/fidelity/wider/vivliostyle-slide). Chromium repro:
 * packages/core/test/repros/ch-unit-language.html.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, fonts, hp } from './render.js';

const require = createRequire(import.meta.url);
const japanese = readFileSync(
  require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
);
const face = (name: string, data: unknown, lang?: string) => ({
  name,
  data,
  weight: 400 as const,
  style: 'normal' as const,
  ...(lang ? { lang } : {}),
});
const list = [...fonts, face('sans-serif', fonts[0]?.data), face('Noto Sans JP', japanese, 'ja-JP')];

/** The width of the `type` element of a tree laid out with Inter as sans-serif and Noto Sans JP for ja-JP. */
async function widthOf(tree: ReturnType<typeof hp>, type: string) {
  const { boxes: found } = await boxes(tree, {
    width: 600,
    height: 200,
    fonts: list,
    wholePixelAdvances: true,
  });
  return found.find((b) => b.type === type)?.width as number;
}

/** A 20ch-wide box in sans-serif at 21.33 px, under `lang`. */
const box = (lang?: string) =>
  widthOf(
    hp(
      'div',
      { ...(lang ? { lang } : {}), style: { display: 'flex', fontFamily: 'sans-serif', fontSize: 21.3333 } },
      hp('p', { style: { width: '20ch', height: 4 } }),
    ),
    'p',
  );

/** The width of twenty zeros in `fontFamily` at 21.33 px. */
const zeros = (fontFamily: string) =>
  widthOf(
    hp(
      'div',
      { style: { display: 'flex' } },
      hp('span', { style: { fontFamily, fontSize: 21.3333, display: 'flex' } }, '0'.repeat(20)),
    ),
    'span',
  );

describe('ch under a language', () => {
  it('is the "0" of the Japanese face for sans-serif under lang="ja"', async () => {
    const jp = await zeros('Noto Sans JP');
    expect(jp).not.toBeCloseTo(await zeros('Inter'), 0);
    expect(await box('ja')).toBeCloseTo(jp, 3);
  });

  it("in an element's own lengths (its own lang) as in its children's", async () => {
    const own = await widthOf(
      hp(
        'div',
        { style: { display: 'flex', fontFamily: 'sans-serif', fontSize: 21.3333 } },
        hp('p', { lang: 'ja', style: { width: '20ch', height: 4 } }),
      ),
      'p',
    );
    expect(own).toBeCloseTo(await zeros('Noto Sans JP'), 3);
  });

  it('stays the "0" of the generic family elsewhere', async () => {
    expect(await box()).toBeCloseTo(await zeros('Inter'), 3);
    expect(await box('en')).toBeCloseTo(await zeros('Inter'), 3);
  });
});
