// Pictor change fallback-regular-face: a font found for characters the element's families lack (Arabic after Inter)
// is its family's regular face, as Chrome on Linux takes it from fontconfig by character, not by weight; bold text
// then gets synthetic bold, with the regular face's advances. A family the element names keeps its Bold face.
// satori 0.63.2 took the fallback family's Bold face: bold Arabic headings came out about 8% wider than Chrome's.
// Chromium repro: packages/core/test/repros/fallback-bold-regular-face.html (html-chromium-repros.test.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

const require = createRequire(import.meta.url);
const arabic = (weight: 400 | 700, file: string) => ({
  name: 'Noto Sans Arabic',
  data: readFileSync(require.resolve(`@expo-google-fonts/noto-sans-arabic/${file}`)),
  weight,
  style: 'normal' as const,
});
const withArabic = [
  ...fonts,
  arabic(400, '400Regular/NotoSansArabic_400Regular.ttf'),
  arabic(700, '700Bold/NotoSansArabic_700Bold.ttf'),
];
// One word: a space would be Inter's, which is wider in bold.
const TEXT = 'المكتوب';

/** The width of TEXT's one text piece (embedFont off writes its measured width), and the SVG. */
async function drawn(fontFamily: string, fontWeight: number) {
  const svg = await render(
    h('div', { display: 'flex', fontFamily, fontWeight, fontSize: 30, width: 600 }, TEXT),
    { width: 600, height: 80, fonts: withArabic },
  );
  return svg;
}

/** The horizontal extent of the drawn paths' coordinates. */
function extent(svg: string): number {
  const xs = [...svg.matchAll(/[ML](-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => Number(m[1]));
  return Math.max(...xs) - Math.min(...xs);
}

describe('fallback fonts take their regular face', () => {
  it('bold Arabic after Inter: the regular face emboldened, as wide as regular text', async () => {
    const regular = extent(await drawn('Inter', 400));
    const bold = await drawn('Inter', 700);
    expect(Math.abs(extent(bold) - regular)).toBeLessThan(1);
    // Synthetic bold: the glyphs are stroked.
    expect(bold).toMatch(/stroke-width/);
  });

  it('a named family keeps its Bold face, wider than the regular', async () => {
    const regular = extent(await drawn('Noto Sans Arabic', 400));
    const bold = await drawn('Noto Sans Arabic', 700);
    expect(extent(bold)).toBeGreaterThan(regular + 4);
    expect(bold).not.toMatch(/stroke-width/);
  });
});

describe('font-weight: bolder', () => {
  it('is bold over a normal parent: a fallback face gets synthetic bold', async () => {
    const svg = await render(
      h(
        'div',
        { display: 'flex', fontFamily: 'Inter', fontWeight: 400, fontSize: 30, width: 600 },
        h('span', { fontWeight: 'bolder' }, TEXT),
      ),
      { width: 600, height: 80, fonts: withArabic },
    );
    expect(svg).toMatch(/stroke-width/);
  });
});
