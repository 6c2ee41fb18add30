/**
 * Pictor change select-arrow-in-padding (src/form-control.ts, `getSelectContent`): Chromium draws a drop-down's arrow
 * at the end of its padding box, its middle 9 px from the right border edge, whatever the end padding. satori moved
 * the arrow box into the padding with `position: relative`, where the clip of the select's content cut it off: a
 * select with `padding: 6px 10px` (tacit's) showed a sliver of an arrow. Measured in Chromium (benchmarks/fidelity
 * try-page). Chromium repro: packages/core/test/repros/select-arrow-in-padding.html.
 */
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels } from './render.js';

/** The select's box and the darkest red value in the column 9 px left of its right edge. */
async function arrowColumn(style: Record<string, unknown>) {
  const width = 240;
  const { svg, boxes: found } = await boxes(
    h(
      'div',
      { display: 'flex', alignItems: 'flex-start', width, height: 60, padding: 8, backgroundColor: 'white' },
      hp('select', { style }, hp('option', {}, 'Border 0 padded'), hp('option', {}, 'Two')),
    ),
    { width, height: 60 },
  );
  const select = found.find((b) => b.type === 'select')!;
  const rgba = await pixels(svg);
  const x = Math.round(select.left + select.width) - 9;
  let darkest = 255;
  for (let y = Math.round(select.top); y < select.top + select.height; y++) {
    darkest = Math.min(darkest, rgba[(y * width + x) * 4]);
  }
  return { select, darkest };
}

describe('a drop-down select with end padding', () => {
  it.each([
    ['padding: 6px 10px', { border: 0, padding: '6px 10px' }],
    ['padding-right: 20px', { paddingRight: 20 }],
  ])('draws its arrow 9 px from its right edge with %s', async (_, style) => {
    expect((await arrowColumn(style)).darkest).toBeLessThan(40);
  });

  it('is as wide as before: widest option + 22 px + the padding', async () => {
    const plain = (await arrowColumn({})).select.width;
    const padded = (await arrowColumn({ paddingRight: 20 })).select.width;
    expect(padded - plain).toBeCloseTo(20, 0);
  });
});
