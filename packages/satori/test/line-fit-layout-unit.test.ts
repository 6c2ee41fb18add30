// Pictor change line-fit-layout-unit: Chromium's line breaker lets a line of one text item be up to one layout unit
// (1/64 px) wider than its box (LineBreaker::AvailableWidthToFit), the item's width rounded up to layout units;
// satori broke any line wider than its box (vivliostyle-gutenberg-sherlock: a 736.000x px line in 736 px moved "a" to
// the next line). "MMMM MMMM" in Inter at 20 px is 150.156 px; nine letter spacings of 0.094639 px make it 151.008.
// Chromium repro: packages/core/test/repros/line-fit-layout-unit.html (core's html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The height of a block `width` px wide holding `content` (30 px lines). */
async function height(width: number, ...content: unknown[]) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start' },
    h(
      'div',
      { display: 'block', width, fontSize: 20, lineHeight: '30px', letterSpacing: 0.094639 },
      ...content,
    ),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 100 });
  return found[1].height;
}

describe('a line less than a layout unit wider than its box', () => {
  it('stays one line, as in Chromium', async () => {
    expect(await height(151, 'MMMM MMMM')).toBe(30);
  });

  it('a line a pixel wider breaks', async () => {
    expect(await height(150, 'MMMM MMMM')).toBe(60);
  });

  it('of two text items (each rounded up by Chromium) breaks', async () => {
    expect(await height(151, h('span', {}, 'MMMM'), ' MMMM')).toBe(60);
  });
});
