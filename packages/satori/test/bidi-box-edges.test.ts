// Pictor change bidi-box-edges: the edges (padding, border, margin) of an inline box whose text bidi reorders sit at
// the box's visual ends by its direction, as in Chrome: in `abc <span>def אבג</span> גדה xyz` the span's end edge
// (its right padding and border) follows אבג on the right, not the Hebrew word before it. Chromium repro:
// packages/core/test/repros/bidi-box-edges.html (html-bidi-box-edges.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, pixels, render, rtlFonts } from './render.js';

const WIDTH = 300;

/** The columns of a pure blue (the span's right border) in the middle row of the line. */
async function blueColumns(element: ReturnType<typeof h>): Promise<number[]> {
  const svg = await render(element, { width: WIDTH, height: 30, fonts: [...fonts, ...rtlFonts] });
  const data = await pixels(svg);
  const columns: number[] = [];
  const y = 10;
  for (let x = 0; x < WIDTH; x++) {
    const i = (y * WIDTH + x) * 4;
    if ((data[i] as number) < 20 && (data[i + 1] as number) < 20 && (data[i + 2] as number) > 240)
      columns.push(x);
  }
  return columns;
}

/** The columns of ink (opaque dark grey or black glyphs) in rows 4–19. */
async function inkColumns(element: ReturnType<typeof h>): Promise<number[]> {
  const svg = await render(element, { width: WIDTH, height: 30, fonts: [...fonts, ...rtlFonts] });
  const data = await pixels(svg);
  const columns: number[] = [];
  for (let x = 0; x < WIDTH; x++) {
    for (let y = 4; y < 20; y++) {
      const i = (y * WIDTH + x) * 4;
      const dark =
        (data[i] as number) < 100 && (data[i + 1] as number) < 100 && (data[i + 2] as number) < 100;
      if (dark && (data[i + 3] as number) > 128) {
        columns.push(x);
        break;
      }
    }
  }
  return columns;
}

const paragraph = (style: Record<string, unknown>, ...children: unknown[]) =>
  h(
    'div',
    { display: 'block', width: WIDTH, fontFamily: 'Inter, Hebrew', fontSize: 16, color: 'black', ...style },
    ...children,
  );
const span = (text: string) =>
  h('span', { paddingLeft: 0, paddingRight: 10, borderRight: '3px solid #0000ff' }, text);

describe('the edges of an inline box bidi reorders', () => {
  it('puts a left-to-right box’s end edge after its rightmost piece', async () => {
    const element = paragraph({}, 'abc ', span('def אבג'), ' גדה xyz');
    const [border] = await blueColumns(element);
    const ink = await inkColumns(element);
    // The border is right of all the span's text: only " xyz" (after the border's padding) is further right.
    const before = ink.filter((x) => x < (border as number));
    const after = ink.filter((x) => x > (border as number));
    expect(border).toBeGreaterThan(0);
    // Just left of the border: the padding (10 px), no ink.
    expect(before.filter((x) => x > (border as number) - 8)).toEqual([]);
    // Right of it: only xyz's ink (about 25 px of columns).
    expect(after.length).toBeLessThan(30);
  });

  it('puts a right-to-left box’s end edge before its leftmost piece', async () => {
    const rtlSpan = h('span', { paddingLeft: 10, borderLeft: '3px solid #0000ff' }, 'דהו abc');
    const element = paragraph({ direction: 'rtl' }, 'אבג ', rtlSpan, ' def גזח');
    const blue = await blueColumns(element);
    const border = blue.at(-1) as number;
    const ink = await inkColumns(element);
    expect(border).toBeGreaterThan(0);
    // Just right of the border: the padding (10 px), no ink; left of it only "גזח" (after its space).
    expect(ink.filter((x) => x > border && x < border + 8)).toEqual([]);
    expect(ink.filter((x) => x < border - 3).length).toBeLessThan(35);
  });
});
