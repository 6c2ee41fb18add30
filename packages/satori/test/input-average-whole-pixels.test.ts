// Pictor change input-average-whole-pixels (src/form-control.ts `getInputContent`): a text field without a width is
// `size` average characters of its font wide plus the widest glyph less one average; Chromium counts an OS/2 average
// that rounds up to a whole pixel as that pixel (Inter's 8.54 px at 13.33 px counts 9; 10.25 px at 16 px stays), so
// Pico's unstyled fields were 8 px narrower than Chrome's. Border boxes below are Chromium's (its 2 px border and
// 1px 2px padding, the preset's 1 px and 2px 3px: the same room). Chromium repro:
// packages/core/test/repros/input-default-width.html (html-form-controls.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function inputWidth(fontSize: number, props: Record<string, unknown> = {}) {
  const input = hp('input', { type: 'text', ...props, style: { fontFamily: 'Inter', fontSize } });
  const { boxes: found } = await boxes(h('div', { display: 'flex', width: 500 }, input), {
    width: 500,
    height: 60,
  });
  return found.find((b) => b.type === 'input')?.width;
}

describe('a text field without a width', () => {
  it.each([
    [13.333333, 223],
    [12, 200],
    [15, 248],
    [10, 163],
    [16, 256],
  ])('at %s px is %s px wide, as in Chromium', async (fontSize, width) => {
    expect(await inputWidth(fontSize)).toBe(width);
  });

  it('size="10" and size="30"', async () => {
    expect(await inputWidth(13.333333, { size: '10' })).toBe(133);
    expect(await inputWidth(13.333333, { size: '30' })).toBe(313);
  });
});
