// Pictor change bidi-box-pieces: an inline box whose text bidi splits into pieces with other text between them on
// one line is drawn as one fragment per piece, as in Chrome; satori (with bidi-inline) drew one box across the text
// between. Chromium repro: packages/core/test/repros/bidi-box-pieces.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, pixels, render, rtlFonts } from './render.js';

const WIDTH = 300;

/** The runs of columns with the highlight's colour (pure yellow) in a row above the letters. */
async function highlighted(element: ReturnType<typeof h>): Promise<[number, number][]> {
  const svg = await render(element, { width: WIDTH, height: 30, fonts: [...fonts, ...rtlFonts] });
  const data = await pixels(svg);
  const runs: [number, number][] = [];
  // Above the letters, inside the background (the content area from the ascent).
  const y = 2;
  for (let x = 0; x < WIDTH; x++) {
    const i = (y * WIDTH + x) * 4;
    const yellow = (data[i] as number) > 240 && (data[i + 1] as number) > 240 && (data[i + 2] as number) < 20;
    if (!yellow) continue;
    const last = runs.at(-1);
    if (last && last[1] >= x - 2) last[1] = x;
    else runs.push([x, x]);
  }
  return runs.filter(([a, b]) => b - a > 3);
}

const paragraph = (style: Record<string, unknown>, ...children: unknown[]) =>
  h(
    'div',
    { display: 'block', width: WIDTH, fontFamily: 'Inter, Hebrew', fontSize: 16, color: 'black', ...style },
    ...children,
  );

describe('an inline box split by bidi on one line', () => {
  it('has a fragment for each piece, none across the text bidi put between them', async () => {
    // "def" (left to right) and "אבג" (right to left, after "גדה" visually) are the span's: two pieces.
    const runs = await highlighted(
      paragraph({}, 'abc ', h('span', { backgroundColor: '#ffff00' }, 'def אבג'), ' גדה xyz'),
    );
    expect(runs).toHaveLength(2);
  });

  it('stays one fragment when its pieces are next to each other', async () => {
    const runs = await highlighted(
      paragraph({ direction: 'rtl' }, 'אבג ', h('span', { backgroundColor: '#ffff00' }, 'דהו abc'), ' גזח'),
    );
    expect(runs).toHaveLength(1);
  });
});
