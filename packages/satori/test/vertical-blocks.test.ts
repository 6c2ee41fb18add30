// Pictor change vertical-blocks: the block-level children of a `writing-mode: vertical-rl | vertical-lr` element
// are laid out as blocks, stacked right to left (rl) or left to right (lr), with their margins, borders, padding and
// backgrounds, each one's inline content in columns inside it (src/text/pictor-vertical-frame.ts). Chromium repros:
// packages/core/test/repros/vertical-rl-blocks.html, vertical-lr-blocks.html (html-vertical-writing.test.ts).
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { boxes, type Element, h, hp, pixels } from './render.js';

// 20 px text in 30 px columns; a 100 px tall element holds 5 characters a column.
const text = { fontFamily: 'Noto Sans JP', fontSize: 20, lineHeight: 1.5, color: 'black' };

/** A vertical element in a 200×120 card: a heading of one column (red, with a 10 px left margin), then a box of
 * two columns with a 4 px blue right border. */
const card = (writingMode: string) =>
  h(
    'div',
    { display: 'flex', width: 200, height: 120, alignItems: 'flex-start' },
    h(
      'div',
      { ...text, writingMode, height: 100 },
      h('div', { backgroundColor: 'rgb(255, 0, 0)', marginLeft: 10 }, '一二三'),
      '\n  ',
      h('div', { borderRight: '4px solid rgb(0, 0, 255)' }, '四五六七八九十一二三'),
    ),
  );

async function laidOut(element: Element) {
  const found = await boxes(element, { fonts: jp, width: 200, height: 120 });
  const blocks = found.boxes.filter((b) => b.type === 'div');
  return { svg: found.svg, vertical: blocks[1], heading: blocks[2], box: blocks[3] };
}

/** The RGBA pixel at (x, y) of a 200 px wide image. */
const at = (data: Buffer, x: number, y: number) => [
  ...data.subarray((y * 200 + x) * 4, (y * 200 + x) * 4 + 4),
];

describe('block layout in vertical writing modes', () => {
  it('vertical-rl: blocks from right to left, each as tall as the element, as wide as its columns and edges', async () => {
    const { vertical, heading, box } = await laidOut(card('vertical-rl'));
    // 30 (heading) + 10 (its margin, on the left: the block end) + 4 + 60 (box).
    expect(vertical).toMatchObject({ left: 0, top: 0, width: 104, height: 100 });
    expect(heading).toMatchObject({ left: 74, top: 0, width: 30, height: 100 });
    expect(box).toMatchObject({ left: 0, top: 0, width: 64, height: 100 });
  });

  it('vertical-lr: blocks from left to right; the left margin is before the heading', async () => {
    const { vertical, heading, box } = await laidOut(card('vertical-lr'));
    expect(vertical).toMatchObject({ left: 0, top: 0, width: 104, height: 100 });
    expect(heading).toMatchObject({ left: 10, top: 0, width: 30, height: 100 });
    expect(box).toMatchObject({ left: 40, top: 0, width: 64, height: 100 });
  });

  it('draws the backgrounds and borders of the blocks, and their text in columns inside them', async () => {
    const { svg } = await laidOut(card('vertical-rl'));
    const data = await pixels(svg);
    // The heading's red background below its 3 characters (y ≥ 60), its border-less box: 74…104.
    expect(at(data, 89, 90)).toEqual([255, 0, 0, 255]);
    // The box's blue right border, 60…64.
    expect(at(data, 62, 50)).toEqual([0, 0, 255, 255]);
    // Its text in two columns: 五 ends the right one (30…60), 三 ends the left one (0…30), 5 characters each.
    const inkBelow = (x0: number, x1: number) => {
      let bottom = 0;
      for (let y = 0; y < 120; y++) {
        for (let x = x0; x < x1; x++) if ((data[(y * 200 + x) * 4 + 3] as number) > 96) bottom = y + 1;
      }
      return bottom;
    };
    expect(inkBelow(30, 60)).toBeGreaterThan(90);
    expect(inkBelow(0, 30)).toBeGreaterThan(90);
    // Nothing drawn in the heading's left margin (64…74).
    expect(inkBelow(65, 73)).toBe(0);
  });

  it("a paragraph's user-agent margins (margin-block: 1em) are on its right and left", async () => {
    const found = await boxes(
      h(
        'div',
        { display: 'flex', width: 200, height: 120 },
        h('div', { ...text, writingMode: 'vertical-rl', height: 100 }, hp('p', {}, '一二')),
      ),
      { fonts: jp, width: 200, height: 120 },
    );
    const [, vertical, paragraph] = found.boxes;
    expect(vertical).toMatchObject({ left: 0, width: 70 });
    expect(paragraph).toMatchObject({ type: 'p', left: 20, top: 0, width: 30, height: 100 });
  });

  it('an absolutely positioned child keeps its physical insets in its containing block', async () => {
    const found = await boxes(
      h(
        'div',
        { display: 'flex', width: 200, height: 120 },
        h(
          'div',
          { ...text, writingMode: 'vertical-rl', height: 100, width: 100, position: 'relative' },
          h('div', {}, '一二'),
          h('div', { position: 'absolute', top: 10, right: 5, width: 20, height: 30 }),
        ),
      ),
      { fonts: jp, width: 200, height: 120 },
    );
    expect(found.boxes[3]).toMatchObject({ left: 75, top: 10, width: 20, height: 30 });
  });

  it("an element that is not displayed, between blocks, makes no column (a page's <head>)", async () => {
    const found = await boxes(
      h(
        'div',
        { display: 'flex', width: 200, height: 120 },
        h(
          'div',
          { ...text, writingMode: 'vertical-rl', height: 100 },
          hp('span', { style: { display: 'none' } }, 'x'),
          h('div', {}, '一二'),
        ),
      ),
      { fonts: jp, width: 200, height: 120 },
    );
    expect(found.boxes[1]).toMatchObject({ left: 0, width: 30 });
  });

  it('blocks at fractional edges are placed from the exact edge of the content and rounded edge by edge', async () => {
    // A 24 px heading of 1.6 (38.4 px) with 6 px padding on both block sides: 50.4 px; paragraphs of 28.8 and 25.6 px.
    const found = await boxes(
      h(
        'div',
        { display: 'flex', width: 200, height: 120, alignItems: 'flex-start' },
        h(
          'div',
          { ...text, lineHeight: 1.6, writingMode: 'vertical-rl', height: 100 },
          h('div', { fontSize: 24, padding: '0 6px' }, '一'),
          h('div', { fontSize: 18 }, '二'),
          h('div', { fontSize: 16 }, '三'),
        ),
      ),
      { fonts: jp, width: 200, height: 120 },
    );
    const [, , heading, paragraph, last] = found.boxes;
    // Chromium: the heading from 54.4 to 104.8, the paragraphs from 25.6 and 0, each edge snapped to a pixel (the
    // heading was drawn from 55: the content's 104.8 px rounded up to 105, less the heading's 50.4 rounded to 50).
    expect(heading).toMatchObject({ left: 54, width: 51 });
    expect(paragraph).toMatchObject({ left: 26, width: 28 });
    expect(last).toMatchObject({ left: 0, width: 26 });
  });
});
