// Pictor change float-context-edges (src/layout-engine/pictor-float-edges.ts): floats whose containing block reaches
// past its formatting context's edges fit beside each other by the containing block's width, as in Chromium. A
// 900 px page container in an 800 px viewport (resume-spartacus, issue 41) dropped its `float: right; width: 64%`
// column below its `width: 32%` one. Chromium repro: packages/core/test/repros/float-container-past-viewport.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

type Style = Record<string, unknown>;

/** A viewport 800 px wide, the root element (`html`) and `body` with its 8 px margin, holding `content`. */
const page = (content: unknown, html: Style = { display: 'flow-root' }) =>
  h(
    'div',
    { display: 'block', width: 800 },
    h('div', html, h('div', { display: 'block', margin: 8 }, content)),
  );

async function laidOut(tree: ReturnType<typeof h>) {
  const { boxes: found } = await boxes(tree, { width: 800, height: 400 });
  return found.filter((b) => b.type === 'div').slice(3);
}

const columns = h(
  'div',
  { display: 'block', width: 900, marginLeft: 'auto', marginRight: 'auto' },
  h('div', { float: 'left', width: '32%', marginLeft: 6, height: 60 }),
  h('div', { float: 'right', width: '64%', marginRight: 15, borderLeft: '1px solid gray', height: 80 }),
);

describe('floats in a container wider than their formatting context', () => {
  it.each([
    ['the root element is a formatting context', { display: 'flow-root' }],
    ['the viewport is the formatting context', { display: 'block' }],
    ['an overflow: hidden root element', { display: 'block', overflow: 'hidden' }],
  ])('fit side by side by the container width (%s)', async (_name, html) => {
    const [container, left, right] = await laidOut(page(columns, html));
    expect(container).toMatchObject({ left: 8, width: 900 });
    expect(left).toMatchObject({ left: 14, top: 8, width: 288 });
    expect(right).toMatchObject({ left: 316, top: 8, width: 577 });
  });

  it('fit side by side in a block pulled past both edges by negative margins', async () => {
    const row = h(
      'div',
      { display: 'block', marginLeft: -30, marginRight: -30 },
      h('div', { float: 'left', width: '50%', height: 40 }),
      h('div', { float: 'right', width: '50%', height: 40 }),
    );
    const [, first, second] = await laidOut(page(row));
    expect(first).toMatchObject({ left: -22, top: 8, width: 422 });
    expect(second).toMatchObject({ left: 400, top: 8, width: 422 });
  });

  it('leave the box of the formatting context root where it was', async () => {
    const html = {
      display: 'flow-root',
      width: '50%',
      marginLeft: '10%',
      paddingLeft: '3%',
      borderLeft: '2px solid',
    };
    const found = await boxes(page(columns, html), { width: 800, height: 400 });
    const [root] = found.boxes.filter((b) => b.type === 'div').slice(1);
    // 50% of 800, plus 3% of 800 and 2 px; 10% of 800 from the left.
    expect(root).toMatchObject({ left: 80, width: 426 });
    const [container, left, right] = found.boxes.filter((b) => b.type === 'div').slice(3);
    expect(container).toMatchObject({ left: 80 + 2 + 24 + 8, width: 900 });
    expect(left).toMatchObject({ left: container.left + 6, top: left.top });
    expect(right).toMatchObject({ left: container.left + 900 - 15 - 577, top: left.top });
  });
});

describe('floats in a block centered by auto margins', () => {
  const centered = (width: number, ...children: unknown[]) =>
    h('div', { display: 'block', width, marginLeft: 'auto', marginRight: 'auto' }, ...children);

  it('stand at its edge beside a float of the page', async () => {
    const tree = page([
      h('div', { float: 'left', width: 50, height: 70 }),
      centered(
        300,
        h('div', { float: 'left', width: 60, height: 30 }),
        h('div', { float: 'right', width: 60, height: 30 }),
      ),
    ]);
    const [, box, inner, innerRight] = await laidOut(tree);
    // (784 - 300) / 2 from the body's edge at 8.
    expect(box).toMatchObject({ left: 250, width: 300 });
    expect(inner).toMatchObject({ left: 250, top: 8 });
    expect(innerRight).toMatchObject({ left: 490, top: 8 });
  });

  it('keep what comes after the block out of its floats where they are', async () => {
    const tree = page([
      centered(400, h('div', { float: 'left', width: 70, height: 60 })),
      h('div', { display: 'block', overflow: 'hidden', height: 20 }),
    ]);
    const [box, logo, after] = await laidOut(tree);
    expect(box).toMatchObject({ left: 200, width: 400 });
    expect(logo).toMatchObject({ left: 200, top: 8 });
    // Beside the float, which ends at 270, to the body's content edge at 792.
    expect(after).toMatchObject({ left: 270, top: 8, width: 522 });
  });
});

describe('a containing block reaching absurdly far', () => {
  it('is left as the engine lays it out, and the root element keeps its box', async () => {
    const far = h(
      'div',
      { display: 'block', width: 1e9, marginLeft: -5e8 },
      h('div', { float: 'left', width: '32%', height: 60 }),
      h('div', { float: 'right', width: '64%', height: 80 }),
    );
    const found = await boxes(page(far), { width: 800, height: 400 });
    const [root, html, body] = found.boxes.filter((b) => b.type === 'div');
    expect(root).toMatchObject({ left: 0, width: 800 });
    expect(html).toMatchObject({ left: 0, width: 800 });
    expect(body).toMatchObject({ left: 8, width: 784 });
  });
});
