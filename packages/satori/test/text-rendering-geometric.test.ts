// Pictor change text-rendering-geometric: `text-rendering: geometricPrecision` as Chromium on Linux draws it —
// glyphs at fractional advances, unhinted, and the subpixel branch of Blink's ascent and descent: a descent rounded
// down borrows a pixel from the ascent, so the baseline sits 1 px higher in a line of the same height. satori
// 0.63.2 ignored the property: a JSON Resume theme that sets it on `:root` (resume-relaxed) had every line 1 px low
// and each heading's middle-aligned icon pushed its line box taller, 12 px by the page's end.
// Chromium repro: packages/core/test/repros/text-rendering-geometric.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The laid-out boxes of a line of Inter at `fontSize`: [block, zero-height inline-block on the baseline, text box]. */
async function line(fontSize: number, textRendering?: string) {
  const { boxes: found } = await boxes(
    h(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: 300,
        fontSize,
        ...(textRendering ? { textRendering } : {}),
      },
      h(
        'div',
        {},
        h('span', { display: 'inline-block', width: 4, height: 0 }),
        h('span', { display: 'inline-block' }, 'iiiiiiiiii'),
      ),
    ),
    { width: 300, height: 60, wholePixelAdvances: true },
  );
  const spans = found.filter((b) => b.type === 'span');
  const block = found.filter((b) => b.type === 'div')[1];
  return { block, marker: spans[0], text: spans[1] };
}

describe('text-rendering: geometricPrecision', () => {
  it('Inter 16.67 px (descent 4.02 rounds down): baseline at 15, not 16, in the same 20 px line', async () => {
    const plain = await line(16.6667);
    const geometric = await line(16.6667, 'geometricPrecision');
    expect(plain.marker?.top).toBe(16);
    expect(geometric.marker?.top).toBe(15);
    expect(plain.block?.height).toBe(20);
    expect(geometric.block?.height).toBe(20);
  });

  it('Inter 16 px (descent 3.86 rounds up): baseline unchanged at 16', async () => {
    expect((await line(16, 'geometricPrecision')).marker?.top).toBe(16);
  });

  it('inherits, and is case-insensitive', async () => {
    const { boxes: found } = await boxes(
      h(
        'div',
        { display: 'flex', width: 300, fontSize: 16.6667, textRendering: 'GeometricPrecision' },
        h('div', {}, h('span', { display: 'inline-block', width: 4, height: 0 }), 'x'),
      ),
      { width: 300, height: 60 },
    );
    expect(found.find((b) => b.type === 'span')?.top).toBe(15);
  });

  it('sets glyphs at fractional advances even where whole-pixel advances are asked (ten `i`: 40.34 px, not 40)', async () => {
    const plain = await line(16.6667);
    const geometric = await line(16.6667, 'geometricPrecision');
    expect(plain.text?.width).toBe(40);
    // The shrink-to-fit box is as wide as its text, in whole pixels.
    expect(geometric.text?.width).toBe(41);
  });
});
