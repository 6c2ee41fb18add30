// Pictor change select-menu-list-height: a drop-down <select> is as tall as its first face's content area (ascent and
// descent rounded, no line gap: Blink's FontMetrics::Height()) plus its inner padding and border, and its text sits
// on a line as tall as the first local face's content area (Chromium fixes it when the inner box gets its style,
// before web fonts load). Latin Modern (latex.css) as a web font (fractional advances) at 16px: 13 + 3 = 16, the
// select 20 px tall (was 23: the line gap counted); its text's line is Inter's 16 + 4 = 20, the baseline 2 px
// lower. Chromium repro: packages/core/test/repros/web-font-select.html (html-web-font-metrics.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, hp, latinModern, render } from './render.js';

const webLatinModern = { ...latinModern, wholePixelAdvances: false };
const options = {
  fonts: [webLatinModern, ...fonts.map((font) => ({ ...font, wholePixelAdvances: true }))],
  width: 400,
  height: 100,
};
const select = () =>
  hp(
    'select',
    { style: { font: 'inherit' } },
    hp('option', {}, 'English (en)'),
    hp('option', {}, 'German (de)'),
  );
const line = (family: string, size: number) =>
  h('div', { display: 'block', fontFamily: family, fontSize: size, lineHeight: 1.8 }, select());

describe('a drop-down in a web font', () => {
  it("is as tall as the font's content area without its line gap: Latin Modern 16px 20 px, 30px 34", async () => {
    for (const [size, height] of [
      [16, 20],
      [30, 34],
    ]) {
      const { boxes: found } = await boxes(line("'Latin Modern', Inter", size as number), options);
      expect(found.find((b) => b.type === 'select')?.height).toBe(height);
    }
  });

  it("sets its text on the first local face's line: Inter's 20 px at 16px, the baseline 2 + 2 + 13 px down", async () => {
    const svg = await render(line("'Latin Modern', Inter", 16), { ...options, embedFont: false });
    const { boxes: found } = await boxes(line("'Latin Modern', Inter", 16), options);
    const box = found.find((b) => b.type === 'select');
    const text = /<text[^>]* y="([\d.]+)"[^>]*>English/.exec(svg);
    expect(Number(text?.[1]) - (box?.top ?? 0)).toBe(17);
  });
});
