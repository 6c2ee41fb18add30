// Pictor change vertical-column-edges: a vertical element's columns are placed from its right edge (vertical-rl)
// where that edge falls, rounded to the nearest pixel, as Chromium keeps it; the measured box's width was rounded up
// instead, which put every column of a box at a fractional left edge 1 px too far right (the summary of the script
// card japanese-vertical: 40.3 px columns at x = 629.8). Chromium repro: vertical-combine-upright (35.2 px columns),
// html-vertical-writing.test.ts.
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { h, pixels, render } from './render.js';

/** The left and right edge of the ink (alpha > 96) of each column of a 200×120 image, right to left. */
async function inkColumns(spacer: number) {
  const element = h(
    'div',
    { display: 'flex', width: 200, height: 120, alignItems: 'flex-start' },
    h('div', { width: spacer, flexShrink: 0 }),
    // 26 px text, 40.3 px columns, one 丨 (a vertical bar in the middle of its em) each: 4 columns, 161.2 px.
    h(
      'div',
      { fontFamily: 'Noto Sans JP', fontSize: 26, lineHeight: 1.55, writingMode: 'vertical-rl', height: 30 },
      '丨丨丨丨',
    ),
  );
  const data = await pixels(await render(element, { fonts: jp, width: 200, height: 120 }));
  const columns: { left: number; right: number }[] = [];
  for (let x = 0; x < 200; x++) {
    let ink = false;
    for (let y = 0; y < 120; y++) if ((data[(y * 200 + x) * 4 + 3] as number) > 96) ink = true;
    const last = columns[columns.length - 1];
    if (ink && last && last.right === x) last.right = x + 1;
    else if (ink) columns.push({ left: x, right: x + 1 });
  }
  return columns.reverse();
}

describe('vertical columns at a fractional edge', () => {
  it('a box from x = 9.8 to 171.0: the bar of its first column is centred on 171 − 40.3 / 2 = 150.85', async () => {
    const columns = await inkColumns(9.8);
    expect(columns).toHaveLength(4);
    const [first] = columns as [{ left: number; right: number }];
    expect(Math.abs((first.left + first.right) / 2 - 150.85)).toBeLessThanOrEqual(0.65);
  });
});
