// Pictor change ch-unit-advance: `ch` is the advance of "0" in the element's own font at its own size. satori
// measured "0" at 1px, where a face laid out on whole pixels rounds it up to 1px (`ch` = `em`), and resolved an
// element's own ch lengths in its parent's font. Seen on LaTeX.css's `body { font-family: …; max-width: 80ch }`
// (benchmarks/fidelity/wider/latex-css-article). Chromium repro: packages/core/test/repros/ch-unit-own-font.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The width of the element of `type` laid out in a 600×200 canvas. */
async function widthOf(tree: ReturnType<typeof h>, type: string, options: Record<string, unknown> = {}) {
  const { boxes: found } = await boxes(tree, { width: 600, height: 200, ...options });
  return found.find((b) => b.type === type)?.width;
}

/** The width of a run of `count` zeros at `fontSize`, in a shrink-to-fit box: `count` advances of "0". */
const zeros = (count: number, fontSize: number, options?: Record<string, unknown>) =>
  widthOf(
    h(
      'div',
      { display: 'flex' },
      h('span', { fontFamily: 'Inter', fontSize, display: 'flex' }, '0'.repeat(count)),
    ),
    'span',
    options,
  );

describe('ch', () => {
  it('is the advance of "0" at the font size, not one pixel per pixel of font size', async () => {
    const box = await widthOf(
      h('div', { display: 'flex' }, h('p', { fontFamily: 'Inter', fontSize: 16, width: '10ch', height: 4 })),
      'p',
    );
    expect(box).toBeLessThan(160);
    expect(box).toBeCloseTo((await zeros(10, 16)) as number, 3);
  });

  it('is whole pixels when text is laid out on whole pixels', async () => {
    const options = { wholePixelAdvances: true };
    const box = await widthOf(
      h('div', { display: 'flex' }, h('p', { fontFamily: 'Inter', fontSize: 15, width: '10ch', height: 4 })),
      'p',
      options,
    );
    expect(box).toBeCloseTo((await zeros(10, 15, options)) as number, 3);
  });

  it("in an element's own lengths is of its own font (weight) and size, not its parent's", async () => {
    const box = await widthOf(
      h(
        'div',
        { display: 'flex', fontFamily: 'Inter', fontSize: 10 },
        h('p', { fontSize: 30, fontWeight: 700, width: '4ch', height: 4 }),
      ),
      'p',
    );
    const bold = await widthOf(
      h(
        'div',
        { display: 'flex' },
        h('span', { fontFamily: 'Inter', fontSize: 30, fontWeight: 700, display: 'flex' }, '0000'),
      ),
      'span',
    );
    expect(bold).not.toBeCloseTo((await zeros(4, 30)) as number, 0);
    expect(box).toBeCloseTo(bold as number, 3);
  });

  it('is a border width too (snapped to whole pixels, as border widths are)', async () => {
    const box = await widthOf(
      h(
        'div',
        { display: 'flex' },
        h('p', { fontFamily: 'Inter', fontSize: 16, width: 0, height: 4, borderLeft: '10ch solid red' }),
      ),
      'p',
    );
    expect(Math.abs((box as number) - ((await zeros(10, 16)) as number))).toBeLessThanOrEqual(1);
  });
});
