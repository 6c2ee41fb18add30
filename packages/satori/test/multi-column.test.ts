// Pictor change multi-column (src/pictor-multicol.ts, src/layout.ts): a block container with `columns`,
// `column-count` or `column-width` lays its content out in balanced columns, as Chromium draws it: breaks between
// blocks and between lines (two lines at least on each side), `break-inside: avoid`, `column-span: all`, a fixed
// height filled column after column, `column-rule` between columns with content. Chromium repros:
// packages/core/test/repros/multicol-*.html and multi-column-list.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, pixels, render } from './render.js';

const block = (height: number, style: Record<string, unknown> = {}) =>
  h('div', { display: 'block', height, backgroundColor: 'blue', ...style });

async function laidOut(tree: ReturnType<typeof h>) {
  const { boxes: found, svg } = await boxes(tree, { width: 400, height: 400 });
  return { divs: found.filter((b) => b.type === 'div'), svg };
}

const at = (box: { left: number; top: number }) => [box.left, box.top];

describe('a multi-column box', () => {
  it('balances blocks over its columns, the gap 1em by default', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 216, fontSize: 16, columns: 2 },
      block(20),
      block(20),
      block(20),
      block(20),
    );
    const { divs } = await laidOut(tree);
    const [box, ...kids] = divs;
    expect(box).toMatchObject({ height: 40, width: 216 });
    expect(kids.map(at)).toEqual([
      [0, 0],
      [0, 20],
      [116, 0],
      [116, 20],
    ]);
    expect(kids.map((kid) => kid.width)).toEqual([100, 100, 100, 100]);
  });

  it('takes its column count from column-width and its gap from column-gap', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 330, columnWidth: 90, columnGap: 30 },
      block(10),
      block(10),
      block(10),
    );
    const { divs } = await laidOut(tree);
    // (330 + 30) / (90 + 30) = 3 columns of 90 px.
    expect(divs.slice(1).map(at)).toEqual([
      [0, 0],
      [120, 0],
      [240, 0],
    ]);
  });

  it('breaks a paragraph between lines, two lines at least on each side', async () => {
    const words = Array.from({ length: 5 }, (_, i) => `line${i}`);
    const tree = h(
      'div',
      { display: 'block', width: 400, columns: 2, columnGap: 20, fontSize: 16, lineHeight: '20px' },
      h('p', { display: 'block', margin: 0, width: 60 }, words.join(' ')),
    );
    const svg = await render(tree, { width: 400, height: 100 });
    const rgba = await pixels(svg);
    // The lines with ink in each column (x 0–189 and 210–399), by 20 px line box.
    const inked = (left: number) =>
      [0, 1, 2, 3, 4].filter((line) => {
        for (let y = line * 20; y < line * 20 + 20; y++)
          for (let x = left; x < left + 190; x++)
            if ((rgba[(y * 400 + x) * 4 + 3] as number) > 128) return true;
        return false;
      });
    // Five lines of 20 px: balanced columns of 60 px (3 lines, then 2).
    expect(inked(0)).toEqual([0, 1, 2]);
    expect(inked(210)).toEqual([0, 1]);
  });

  it('keeps the orphans and widows a paragraph asks for', async () => {
    const words = Array.from({ length: 5 }, (_, i) => `line${i}`);
    const tree = h(
      'div',
      { display: 'block', width: 400, columns: 2, columnGap: 20, fontSize: 16, lineHeight: '20px' },
      h('p', { display: 'block', margin: 0, width: 60, widows: 3 }, words.join(' ')),
    );
    const rgba = await pixels(await render(tree, { width: 400, height: 100 }));
    const inked = (left: number) =>
      [0, 1, 2, 3, 4].filter((line) => {
        for (let y = line * 20; y < line * 20 + 20; y++)
          for (let x = left; x < left + 190; x++)
            if ((rgba[(y * 400 + x) * 4 + 3] as number) > 128) return true;
        return false;
      });
    // Three lines at least after the break: 2 + 3.
    expect(inked(0)).toEqual([0, 1]);
    expect(inked(210)).toEqual([0, 1, 2]);
  });

  it('keeps a box with break-inside: avoid in one column', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 220, columns: 2, columnGap: 20 },
      block(30),
      h('div', { display: 'block', breakInside: 'avoid', backgroundColor: 'red' }, block(20), block(20)),
    );
    const { divs } = await laidOut(tree);
    const [box, first, kept, inner1, inner2] = divs;
    expect(at(first)).toEqual([0, 0]);
    expect(at(kept)).toEqual([120, 0]);
    expect([at(inner1), at(inner2)]).toEqual([
      [120, 0],
      [120, 20],
    ]);
    expect(box.height).toBe(40);
  });

  it('lays a child with column-span: all across the columns, balancing each run on its own', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 220, columns: 2, columnGap: 20 },
      block(10),
      block(10),
      h('div', { display: 'block', columnSpan: 'all', height: 15 }),
      block(10),
      block(10),
    );
    const { divs } = await laidOut(tree);
    const [box, a, b, spanner, c, d] = divs;
    expect([at(a), at(b)]).toEqual([
      [0, 0],
      [120, 0],
    ]);
    expect(spanner).toMatchObject({ left: 0, top: 10, width: 220 });
    expect([at(c), at(d)]).toEqual([
      [0, 25],
      [120, 25],
    ]);
    expect(box.height).toBe(35);
  });

  it('fills column after column to a fixed height with column-fill: auto', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 320, height: 40, columns: 3, columnGap: 10, columnFill: 'auto' },
      block(20),
      block(20),
      block(20),
    );
    const { divs } = await laidOut(tree);
    expect(divs.slice(1).map(at)).toEqual([
      [0, 0],
      [0, 20],
      [110, 0],
    ]);
  });

  it('draws column-rule in the middle of each gap between columns that have content', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 320, columns: 3, columnGap: 10, columnRule: '2px solid red' },
      block(20),
      block(20),
    );
    const { svg } = await laidOut(tree);
    const rules = [...svg.matchAll(/<rect x="([\d.]+)" y="0" width="2" height="20" fill="red"/g)].map((m) =>
      Number(m[1]),
    );
    // Columns 100 px wide at 0 and 110: one rule centred at 105, none after the empty third column.
    expect(rules).toEqual([104]);
  });
});

describe('a multi-column box, further', () => {
  it('starts a column at a forced break (break-before: column), the margin before it kept', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 210, columns: 2, columnGap: 10 },
      block(10, { marginBottom: 4 }),
      block(10, { breakBefore: 'column' }),
      block(10),
      block(10),
    );
    const { divs } = await laidOut(tree);
    const [box, ...kids] = divs;
    // Balanced without the break: two blocks in each column, 24 px tall.
    expect(kids.map(at)).toEqual([
      [0, 0],
      [110, 0],
      [110, 10],
      [110, 20],
    ]);
    expect(box.height).toBe(30);
  });

  it('is as wide as its columns side by side when it shrinks to fit (a float)', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 400 },
      h(
        'div',
        { float: 'left', columnCount: 2, columnGap: 10 },
        block(10, { width: 50 }),
        block(10, { width: 50 }),
      ),
    );
    const { divs } = await laidOut(tree);
    const [, float, a, b] = divs;
    expect(float).toMatchObject({ width: 110, height: 10 });
    expect([at(a), at(b)]).toEqual([
      [0, 0],
      [60, 0],
    ]);
  });

  it('warns about column-span: all deeper than its children, laid out in its column', async () => {
    const errors: string[] = [];
    await render(
      h(
        'div',
        { display: 'block', width: 200, columns: 2 },
        h('div', { display: 'block' }, h('h2', { display: 'block', columnSpan: 'all' }, 'x')),
      ),
      { width: 200, height: 50, onStyleError: (error: Error) => errors.push(error.message) },
    );
    expect(errors).toEqual([
      'column-span: all on an element that is not a child of its multi-column box (it is laid out in its column)',
    ]);
  });
});

describe('bad multi-column values', () => {
  it.each([
    ['columns: 0', { columns: 0 }],
    ['column-count: -3', { columnCount: -3 }],
    ['column-count: abc', { columnCount: 'abc' }],
    ['column-width: -5px', { columnWidth: '-5px' }],
    ['column-count: 100000', { columnCount: 100000 }],
    ['column-gap: 1e9px', { columns: 3, columnGap: 1e9 }],
    ['a 1 px high box filled column after column', { columns: 2, height: 1, columnFill: 'auto' }],
  ])('draw without failing (%s)', async (_name, style) => {
    const svg = await render(
      h(
        'div',
        { display: 'block', width: 100, ...style },
        'Lorem ipsum dolor sit amet, consectetur adipiscing elit.',
        block(10),
      ),
      { width: 100, height: 100 },
    );
    expect(svg).toContain('<svg');
  });
});

describe('without multi-column properties', () => {
  it('keeps one column', async () => {
    const svg = await render(h('div', { display: 'block', width: 100, columns: 1 }, block(10), block(10)), {
      width: 100,
      height: 40,
    });
    expect(svg).not.toContain('satori_mc-');
  });
});
