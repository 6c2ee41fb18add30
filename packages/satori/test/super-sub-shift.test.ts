/**
 * Pictor change super-sub-shift: `vertical-align: super` raises an inline box by the parent's font size / 3 + 1 px,
 * `sub` lowers it by the parent's font size / 5 + 1 px, in Blink's layout units (1/64 px, truncated). satori took
 * 0.34 and 0.2 of the font size: a 14 px line with a superscript was 0.9 px shorter than Chromium's, and everything
 * after it moved up (Scholarly HTML's author list, benchmarks/fidelity/wider/vivliostyle-scholarly). Measured in
 * Chromium (the offsets below). Chromium repro: packages/core/test/repros/super-sub-shift.html.
 */
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The tops of a plain span, a `super` span and a `sub` span (own size `inner`) in a line of `size` px Inter. */
async function tops(size: number, inner = size) {
  const { boxes: found } = await boxes(
    h(
      'div',
      { display: 'block', fontFamily: 'Inter', fontSize: size, lineHeight: 1, paddingTop: 30 },
      h('span', { fontSize: inner }, 'xx'),
      h('span', { verticalAlign: 'super', fontSize: inner }, 'ss'),
      h('span', { verticalAlign: 'sub', fontSize: inner }, 'bb'),
    ),
    { width: 300, height: 100 },
  );
  return found.filter((b) => b.type === 'span').map((b) => b.top);
}

describe('vertical-align: super and sub', () => {
  it.each([
    [14, 14, 5.65625, 3.796875],
    [16, 16, 6.328125, 4.1875],
    [30, 10, 11, 7],
  ])(
    'in %d px (own size %d) shift by the parent font size / 3 + 1 up and / 5 + 1 down',
    async (size, inner, up, down) => {
      const [plain, sup, sub] = await tops(size, inner);
      expect(plain - sup).toBeCloseTo(up, 4);
      expect(sub - plain).toBeCloseTo(down, 4);
    },
  );
});
