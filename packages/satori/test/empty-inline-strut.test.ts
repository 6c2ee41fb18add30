// Pictor change empty-inline-strut (src/text/inline.ts, `boxesOn`, `boxStrut`): each inline box on a line takes part
// in the line's height with its strut, its font's line height placed by its vertical-align, even with no text of
// its own (CSS 2 §10.8), as in Chromium. satori left such boxes out: an icon font's empty `<i class="fa …"></i>` of
// 18px beside 16px text (JSON Resume themes whose icon sheet is missing) made lines 1 to 2 px short of Chromium's.
// In quirks mode (the option `lineHeightQuirk`) only boxes with margins, padding or borders at their ends count.
// Chromium repro: packages/core/test/repros/empty-inline-strut.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

/** The height of a 300 px wide block of 16px Inter holding `children`. */
async function height(options: Record<string, unknown>, ...children: unknown[]) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 320, height: 400, fontFamily: 'Inter' },
    h('div', { display: 'block', width: 300, fontSize: 16 }, ...children),
  );
  const { boxes: found } = await boxes(tree, { width: 320, height: 400, fonts, ...options });
  return found.find((b) => b.type === 'div' && b.width === 300)?.height;
}

const empty = (style: Record<string, unknown>) => h('span', style);

describe('an empty inline box on a line', () => {
  it('of a larger font makes the line as tall as its strut (Chromium: 36 px)', async () => {
    expect(await height({}, empty({ fontSize: 30 }), 'text')).toBe(36);
    expect(await height({}, 'text', empty({ fontSize: 30 }))).toBe(36);
  });

  it('of a smaller font leaves the line at the container strut (Chromium: 20 px)', async () => {
    expect(await height({}, empty({ fontSize: 8 }), 'text')).toBe(20);
  });

  it('at 18px beside a 9px middle-aligned inline block (Chromium: 21, 22.125 px with middle)', async () => {
    const label = h('div', { display: 'inline-block', verticalAlign: 'middle', fontSize: 9 }, 'x');
    expect(await height({}, empty({ fontSize: 18 }), ' ', label)).toBe(21);
    const middle = (await height({}, empty({ fontSize: 18, verticalAlign: 'middle' }), ' ', label)) ?? 0;
    expect(middle).toBeGreaterThan(21.5);
    expect(middle).toBeLessThan(22.6);
  });

  it('raised by vertical-align: super (Chromium: 39.33 px)', async () => {
    const raised = (await height({}, empty({ fontSize: 30, verticalAlign: 'super' }), 'text')) ?? 0;
    expect(raised).toBeGreaterThan(38.5);
    expect(raised).toBeLessThan(40);
  });

  it('with its own line-height (Chromium: 30 px at line-height 1)', async () => {
    expect(await height({}, empty({ fontSize: 30, lineHeight: 1 }), 'text')).toBe(30);
  });

  it('around smaller text counts too (Chromium: 36 px)', async () => {
    expect(await height({}, h('span', { fontSize: 30 }, h('span', { fontSize: 10 }, 'x')))).toBe(36);
  });

  it('alone makes no line (Chromium: 0 px)', async () => {
    expect(await height({}, empty({ fontSize: 30 }))).toBe(0);
  });

  it('in quirks mode counts only with an edge (Chromium: 20 px, 36 px with padding)', async () => {
    expect(await height({ lineHeightQuirk: true }, empty({ fontSize: 30 }), 'text')).toBe(20);
    expect(await height({ lineHeightQuirk: true }, empty({ fontSize: 30, padding: '0 4px' }), 'text')).toBe(
      36,
    );
  });
});
