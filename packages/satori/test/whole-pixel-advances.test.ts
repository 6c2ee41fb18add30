// Pictor change glyph-advances-whole-pixels: with `wholePixelAdvances`, each glyph's advance and kerning are rounded
// to whole pixels, as Chromium on Linux lays text out at device scale 1. Chromium repro:
// packages/core/test/repros/glyph-advances-whole-pixels.html (html-glyph-advances.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function textWidth(text: string, style: Record<string, unknown>, wholePixelAdvances: boolean) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start' },
    h('div', { display: 'flex', ...style }, text),
  );
  const { boxes: found } = await boxes(root, { width: 600, height: 60, wholePixelAdvances });
  return found[1].width;
}

describe('wholePixelAdvances', () => {
  it('Inter 16px: ten `i` are 40px (4px each), 39 with fractional advances (38.75, laid out on whole pixels)', async () => {
    expect(await textWidth('iiiiiiiiii', { fontSize: 16 }, true)).toBe(40);
    expect(await textWidth('iiiiiiiiii', { fontSize: 16 }, false)).toBe(39);
  });

  it('Inter Bold 28px "Robust rendering" is 236px, advances and kerning rounded apart', async () => {
    expect(await textWidth('Robust rendering', { fontSize: 28, fontWeight: 700 }, true)).toBe(236);
  });
});
