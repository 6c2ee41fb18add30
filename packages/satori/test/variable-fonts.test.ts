// Pictor change variable-fonts: a variable face serves every weight CSS asks for (its wght axis), font-stretch,
// font-style and font-variation-settings set its other axes, and one declared weight (weightRange [w, w]) pins wght
// there, as in Chromium. Widths measured in Chromium 150 (benchmarks/fidelity/chromium.mjs) for Inter's variable
// font (@fontsource-variable/inter, OFL-1.1), 40px "Hamburgefonstiv": wght 100 307.55, 400 325.23, 700 340.52,
// 900 353.52; with `font-weight: 400` declared, 325.23 at every weight. Chromium repro:
// packages/core/test/repros/variable-fonts.html (html-variable-fonts.test.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const require = createRequire(import.meta.url);
const data = readFileSync(require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));

async function width(style: Record<string, unknown>, face: Record<string, unknown> = {}) {
  const fonts = [{ name: 'V', data, weight: 400, style: 'normal', ...face }];
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start' },
    h('div', { display: 'flex', fontFamily: 'V', fontSize: 40, ...style }, 'Hamburgefonstiv'),
  );
  const { boxes: found } = await boxes(root, { width: 800, height: 60, fonts });
  return found[1].width;
}

describe('variable fonts', () => {
  it('serve every weight from the wght axis, as wide as in Chromium', async () => {
    const chromium = { 100: 307.55, 400: 325.23, 700: 340.52, 900: 353.52 };
    for (const [weight, expected] of Object.entries(chromium)) {
      expect(Math.abs((await width({ fontWeight: Number(weight) })) - expected)).toBeLessThan(1);
    }
  });

  it('font-variation-settings sets an axis, over font-weight', async () => {
    expect(Math.abs((await width({ fontVariationSettings: "'wght' 700" })) - 340.52)).toBeLessThan(1);
    expect(
      Math.abs((await width({ fontWeight: 900, fontVariationSettings: '"wght" 100' })) - 307.55),
    ).toBeLessThan(1);
  });

  it('one declared weight pins wght there (bold is then synthesized, with the same advances)', async () => {
    expect(Math.abs((await width({ fontWeight: 900 }, { weightRange: [400, 400] })) - 325.23)).toBeLessThan(
      1,
    );
  });
});

describe('variable fonts and advances per face', () => {
  it("an instance keeps its face's own advances: fractional under a whole-pixel render", async () => {
    const root = h(
      'div',
      { display: 'flex', alignItems: 'flex-start' },
      h(
        'div',
        { display: 'flex', fontFamily: 'V', fontSize: 24, fontWeight: 100 },
        'Variable 100 Hamburgefonstiv',
      ),
    );
    const fonts = [{ name: 'V', data, weight: 400, style: 'normal', wholePixelAdvances: false }];
    const { boxes: found } = await boxes(root, { width: 800, height: 60, fonts, wholePixelAdvances: true });
    // Chromium: 320.39 (whole pixels would give 324).
    expect(found[1].width).toBe(321);
  });
});

describe('variable font instances', () => {
  it('stay right past the instances kept per face (opsz from 80 font sizes)', async () => {
    const flex = readFileSync(
      require.resolve('@fontsource-variable/roboto-flex/files/roboto-flex-latin-opsz-normal.woff2'),
    );
    const widths: number[] = [];
    for (const round of [0, 1]) {
      for (let size = 10; size < 90; size++) {
        const root = h(
          'div',
          { display: 'flex', alignItems: 'flex-start' },
          h('div', { display: 'flex', fontFamily: 'F', fontSize: size }, 'Hamburgefonstiv'),
        );
        const fonts = [{ name: 'F', data: flex, weight: 400, style: 'normal' }];
        const { boxes: found } = await boxes(root, { width: 1200, height: 120, fonts });
        if (round === 0) widths.push(found[1].width);
        else expect(found[1].width).toBe(widths[size - 10]);
      }
    }
  });
});
