/**
 * Pictor change align-in-exact-box: centred and right-aligned lines are placed in their box as it was laid out
 * (80.67 px, 638.66 px wide), as Chromium aligns text before it rounds the glyphs' positions, not in the box as
 * rounding drew it (81 px, 639 px wide: text boxes round up). A centred title there started half a pixel right, a
 * pixel once its glyphs were put on whole pixels (benchmarks/fidelity/wider/vivliostyle-academic-fet, the title in a
 * 638.66 px text column). Chromium repro: packages/core/test/repros/align-in-exact-box.html.
 */
import { describe, expect, it } from 'vitest';
import { boxes, h, textPieces } from './render.js';

const options = { width: 800, height: 100, wholePixelAdvances: true };
const left = 80.671875;
const width = 638.65625;

/** The width of `text` at 26 px Inter (whole-pixel advances: a whole number). */
async function widthOf(text: string) {
  const { boxes: found } = await boxes(
    h('div', { display: 'flex' }, h('span', { display: 'flex', fontFamily: 'Inter', fontSize: 26 }, text)),
    options,
  );
  return found.find((b) => b.type === 'span')?.width as number;
}

/** The left of the first piece of `content` aligned `textAlign` in a block at `left`, `width` wide. */
async function startOf(textAlign: string, ...content: unknown[]) {
  const pieces = await textPieces(
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 800 },
      h(
        'div',
        { display: 'block', marginLeft: left, width, textAlign, fontFamily: 'Inter', fontSize: 26 },
        ...content,
      ),
    ),
    options,
  );
  return pieces[0]?.x as number;
}

describe('lines aligned in a box at a fraction of a pixel', () => {
  it('are centred in the box as laid out (plain text)', async () => {
    const w = await widthOf('FET title');
    expect(await startOf('center', 'FET title')).toBeCloseTo(left + (width - w) / 2, 3);
  });

  it('end at its exact right edge (plain text)', async () => {
    const w = await widthOf('FET title');
    expect(await startOf('right', 'FET title')).toBeCloseTo(left + width - w, 3);
  });

  it('are centred likewise in inline content', async () => {
    const w = await widthOf('FET title');
    expect(await startOf('center', 'FET ', h('span', {}, 'title'))).toBeCloseTo(left + (width - w) / 2, 3);
  });

  it('start where they did when aligned left', async () => {
    expect(await startOf('left', 'FET title')).toBeCloseTo(81, 3);
  });
});
