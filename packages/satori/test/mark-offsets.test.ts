/**
 * Pictor (mark-offsets-up): a mark glyph's y offset from the shaper (GPOS mark-to-base, mark-to-mark) points up, as
 * in the font, while SVG's y axis points down. satori 0.63.2 added it, so Arabic's hamza and madda went down into
 * their alef (أ read as ا, آ as ا), final ي's dots rose into the letter (ى), and stacked marks (a Thai tone mark over
 * a vowel, Bengali's ব under স in স্ব) moved the wrong way. Other scripts are checked against Chromium by
 * packages/core/test/repros/script-marks.html.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, h, pixels, render } from './render.js';

const require = createRequire(import.meta.url);
const scriptFonts = [
  ...fonts,
  {
    name: 'Noto Sans Arabic',
    data: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
    ),
    weight: 400 as const,
    style: 'normal' as const,
  },
];
const WIDTH = 200;
const HEIGHT = 240;

/** The first and last rows with ink of `text` drawn at 100 px. */
async function inkRows(text: string): Promise<{ top: number; bottom: number }> {
  const svg = await render(
    h('div', { display: 'flex', fontSize: 100, paddingTop: 40, color: 'black' }, text),
    {
      width: WIDTH,
      height: HEIGHT,
      fonts: scriptFonts,
    },
  );
  const rgba = await pixels(svg);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if ((rgba[(y * WIDTH + x) * 4 + 3] as number) > 128) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  return { top, bottom };
}

describe('mark offsets', () => {
  it('Arabic hamza and madda sit above the alef, the dots of final yeh below it', async () => {
    const alef = await inkRows('ا');
    for (const marked of ['أ', 'آ']) {
      const ink = await inkRows(marked);
      expect(ink.top, marked).toBeLessThan(alef.top - 5);
      expect(Math.abs(ink.bottom - alef.bottom), marked).toBeLessThanOrEqual(1);
    }
    // ى (alef maksura) has no dots: ي is the same body with two dots below it.
    const maksura = await inkRows('هى');
    const yeh = await inkRows('هي');
    expect(yeh.bottom).toBeGreaterThan(maksura.bottom + 5);
    expect(Math.abs(yeh.top - maksura.top)).toBeLessThanOrEqual(1);
  });
});
