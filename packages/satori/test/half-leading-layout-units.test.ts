/**
 * Pictor change half-leading-layout-units: the leading above an inline box's text is its leading halved in layout
 * units (1/64 px, truncated toward zero), then floored to a pixel, as Blink splits it. A `<sub>`/`<sup>` of
 * `font-size: smaller` at line-height 1.2 has a leading of -1/64 px (a 16 px content area, a 15.984375 px line
 * height): flooring its half at once took a whole pixel above it, so a line with a subscript was a pixel taller than
 * Chromium's and one with a superscript a pixel shorter (generated document seed 112). Heights measured in Chromium
 * (getBoundingClientRect, Inter); every size 12–22 px at line-heights 1–1.6 matches. Chromium repro:
 * packages/core/test/repros/half-leading-layout-units.html.
 */
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The laid-out height of a one-line block of `size` px Inter holding a `sub` or `super` box of `smaller` text. */
async function lineHeight(size: number, align: 'sub' | 'super') {
  const { boxes: found } = await boxes(
    h(
      'div',
      { display: 'block', width: 300, fontFamily: 'Inter', fontSize: size, lineHeight: 1.2 },
      'Text ',
      h('span', { verticalAlign: align, fontSize: 'smaller' }, '6'),
      ' end',
    ),
    { width: 300, height: 100 },
  );
  return found.find((b) => b.type === 'div')?.height;
}

describe('half leading in layout units', () => {
  it.each([
    // size, align, Chromium's height (rounded as the block is laid out)
    [16, 'sub', 22.171875],
    [16, 'super', 23.515625],
    [13, 'sub', 18.578125],
    [13, 'super', 18.921875],
    [22, 'sub', 30.375],
    [22, 'super', 31.71875],
  ] as const)(
    'a %d px line at 1.2 with a %s box is as tall as in Chromium',
    async (size, align, chromium) => {
      expect(await lineHeight(size, align)).toBe(Math.round(chromium));
    },
  );
});
