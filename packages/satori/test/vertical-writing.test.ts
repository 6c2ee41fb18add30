// Pictor change vertical-writing: `writing-mode: vertical-rl | vertical-lr`, `text-orientation` and
// `text-combine-upright` lay text out in columns (src/text/pictor-vertical*.ts). Chromium repros:
// packages/core/test/repros/vertical-*.html (html-vertical-writing.test.ts).
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { boxes, type Element, fonts, h, hp, pixels, render } from './render.js';

const text = { fontFamily: 'Noto Sans JP', fontSize: 20, lineHeight: 1.5, color: 'black' };

/** Ink (alpha > 96) of the rendered element: its bounding box in each band of columns `[x0, x1)`. */
async function ink(element: Element, width: number, height: number) {
  const svg = await render(element, { fonts: jp, width, height });
  const data = await pixels(svg);
  return (x0: number, x1: number) => {
    let top = Infinity;
    let bottom = -Infinity;
    let left = Infinity;
    let right = -Infinity;
    for (let y = 0; y < height; y++) {
      for (let x = x0; x < x1; x++) {
        if ((data[(y * width + x) * 4 + 3] as number) > 96) {
          top = Math.min(top, y);
          bottom = Math.max(bottom, y + 1);
          left = Math.min(left, x);
          right = Math.max(right, x + 1);
        }
      }
    }
    return { top, bottom, left, right };
  };
}

const card = (style: Record<string, unknown>, ...children: unknown[]) =>
  h(
    'div',
    { display: 'flex', width: 200, height: 120, alignItems: 'flex-start' },
    h('div', style, ...children),
  );

describe('writing-mode: vertical-rl and vertical-lr', () => {
  it('a vertical-rl block is as wide as its columns: 8 characters of 20px in 100px are 2 columns of 30px', async () => {
    const found = await boxes(
      card({ ...text, writingMode: 'vertical-rl', height: 100 }, '一二三四五六七八'),
      {
        fonts: jp,
      },
    );
    const block = found.boxes.find((b) => b.type === 'div' && b.width < 200);
    expect(block).toMatchObject({ width: 60, height: 100 });
  });

  it('vertical-rl: the first column is on the right, 5 characters down; the second on its left, 3', async () => {
    const band = await ink(
      card({ ...text, writingMode: 'vertical-rl', height: 100 }, '一二三四五六七八'),
      200,
      120,
    );
    const first = band(30, 60);
    const second = band(0, 30);
    // 一 (a bar in the middle of its em) first, 五 last: ink from y ≈ 9 to ≈ 98 on the right, to ≈ 58 on the left.
    expect(first.bottom).toBeGreaterThan(90);
    expect(second.bottom).toBeGreaterThan(50);
    expect(second.bottom).toBeLessThan(62);
    // Upright glyphs are centred on their column: 一 is 20px wide, the column 30px.
    expect(first.left).toBeGreaterThanOrEqual(30);
    expect(first.right).toBeLessThanOrEqual(60);
  });

  it('vertical-lr: the first column is on the left', async () => {
    const band = await ink(
      card({ ...text, writingMode: 'vertical-lr', height: 100 }, '一二三四五六七八'),
      200,
      120,
    );
    expect(band(0, 30).bottom).toBeGreaterThan(90);
    expect(band(30, 60).bottom).toBeLessThan(62);
  });

  it('a <br> and an inline element: a new column, and the span in its own colour', async () => {
    const element = card(
      { ...text, writingMode: 'vertical-rl', height: 100 },
      '一二',
      hp('br', {}),
      h('span', { color: 'rgb(255, 0, 0)' }, '三四'),
    );
    const svg = await render(element, { fonts: jp, width: 200, height: 120 });
    expect(svg).toContain('fill="rgb(255, 0, 0)"');
    const band = await ink(element, 200, 120);
    // 2 characters in each column: 一二 on the right, 三四 on the left.
    expect(band(30, 60).bottom).toBeLessThan(45);
    expect(band(0, 30).bottom).toBeGreaterThan(25);
    expect(band(0, 30).bottom).toBeLessThan(45);
  });
});

describe('text-orientation and text-combine-upright', () => {
  it('mixed: Latin is turned sideways (one line of glyphs down the column); upright: one letter per em', async () => {
    const mixed = await ink(card({ ...text, writingMode: 'vertical-rl', height: 120 }, 'HHHH'), 200, 120);
    const upright = await ink(
      card({ ...text, writingMode: 'vertical-rl', textOrientation: 'upright', height: 120 }, 'HHHH'),
      200,
      120,
    );
    const m = mixed(0, 200);
    const u = upright(0, 200);
    // Sideways: 4 H of ≈ 14px advance each in a run ≈ 56px long, the glyph's cap height (≈ 15px) across.
    expect(m.bottom - m.top).toBeLessThan(60);
    expect(m.right - m.left).toBeLessThan(17);
    // Upright: each H on its own em of 20px, 4 down ≈ 75px.
    expect(u.bottom - u.top).toBeGreaterThan(70);
  });

  it('text-combine-upright: all sets "2026" across one em, upright', async () => {
    const found = await boxes(
      card({ ...text, writingMode: 'vertical-rl' }, h('span', { textCombineUpright: 'all' }, '2026'), '年'),
      { fonts: jp },
    );
    const block = found.boxes.find((b) => b.type === 'div' && b.width < 200);
    // Two ems down the column (sideways the 4 digits alone would be ≈ 46px).
    expect(block?.height).toBe(40);
    const band = await ink(
      card({ ...text, writingMode: 'vertical-rl' }, h('span', { textCombineUpright: 'all' }, '2026'), '年'),
      200,
      120,
    );
    const digits = band(0, 200);
    expect(digits.right - digits.left).toBeLessThanOrEqual(21);
  });

  it('text-combine-upright: digits 2 is ignored, as Chromium ignores it: "12" and "3" stay sideways', async () => {
    const found = await boxes(
      card({ ...text, writingMode: 'vertical-rl', textCombineUpright: 'digits 2' }, '12月3日'),
      { fonts: jp },
    );
    const height = found.boxes.find((b) => b.type === 'div' && b.width < 200)?.height ?? 0;
    // Sideways: 12 ≈ 22px, 3 ≈ 11px, with 月 and 日 ≈ 73px (combined, each would take an em: 80px).
    expect(height).toBeGreaterThan(60);
    expect(height).toBeLessThan(78);
  });

  it('line-height: normal: a column is as wide as the tallest font in it (CJK fallback under Inter)', async () => {
    const found = await boxes(
      card(
        { ...text, fontFamily: 'Inter', lineHeight: 'normal', writingMode: 'vertical-rl', height: 100 },
        '一二',
      ),
      { fonts: [...fonts, ...jp] },
    );
    // Noto Sans JP at 20px: 23 + 6 = 29px (Inter's own line would be 24px).
    expect(found.boxes.find((b) => b.type === 'div' && b.width < 200)?.width).toBe(29);
  });

  it('text-orientation: sideways turns CJK sideways too', async () => {
    const band = await ink(
      card({ ...text, writingMode: 'vertical-rl', textOrientation: 'sideways', height: 100 }, '一一一'),
      200,
      120,
    );
    // 一 turned sideways is a vertical bar: ink narrow across the column, 3 ems long.
    const bars = band(0, 200);
    expect(bars.right - bars.left).toBeLessThan(6);
    expect(bars.bottom - bars.top).toBeGreaterThan(50);
  });

  it('an emoji drawn as a picture (graphemeImages) stands upright in its em', async () => {
    const square =
      'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"%3E%3Crect width="1" height="1" fill="red"/%3E%3C/svg%3E';
    const svg = await render(card({ ...text, writingMode: 'vertical-rl', height: 100 }, '一😀一'), {
      fonts: jp,
      width: 200,
      height: 120,
      graphemeImages: { '😀': square },
    });
    // In the middle of the column (30px wide, the em 20px), the second em down.
    expect(svg).toMatch(/<image[^>]*x="5"[^>]*y="20"[^>]*width="20"[^>]*height="20"/);
  });

  it('two <br> in a row leave an empty column', async () => {
    const found = await boxes(
      card({ ...text, writingMode: 'vertical-rl', height: 100 }, '一', hp('br', {}), hp('br', {}), '二'),
      { fonts: jp },
    );
    expect(found.boxes.find((b) => b.type === 'div' && b.width < 200)?.width).toBe(90);
  });

  it("CJK punctuation takes its vertical form (the font's vert): 。 at the top right of its em", async () => {
    const band = await ink(
      card({ ...text, lineHeight: 1, writingMode: 'vertical-rl', height: 100 }, '。'),
      200,
      120,
    );
    const dot = band(0, 200);
    // Horizontal 。 sits at the bottom left of its em (x < 10, y > 10); the vertical form at the top right.
    expect((dot.left + dot.right) / 2).toBeGreaterThan(10);
    expect((dot.top + dot.bottom) / 2).toBeLessThan(10);
  });

  it('adjacent punctuation is collapsed (text-spacing-trim: normal): 。「 take 1.5 em, not 2', async () => {
    const found = await boxes(card({ ...text, writingMode: 'vertical-rl' }, '一。「一'), { fonts: jp });
    const block = found.boxes.find((b) => b.type === 'div' && b.width < 200);
    expect(block?.height).toBe(70);
  });
});
