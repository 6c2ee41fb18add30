// Pictor changes bfc-below-floats and bfc-holds-floats (src/layout-engine/pictor-floats.ts): a box that establishes
// its own formatting context beside a float as wide as its container goes below the float (it vanished at zero
// width beside it), and such a box holding floats puts its bottom padding after them (it was laid inside them).
// Foundation for Emails' (Inky) markup floats every table (`<table align=left width=100%>`). Chromium repro:
// packages/core/test/repros/inky-spacer-hr.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const float = (height: number) => h('div', { float: 'left', width: '100%', height, backgroundColor: 'blue' });

async function laidOut(tree: ReturnType<typeof h>) {
  const { boxes: found } = await boxes(tree, { width: 300, height: 300 });
  return found.filter((b) => b.type === 'div');
}

describe('a formatting context beside a float as wide as its container', () => {
  it('goes below the float at the full width (an <hr>, overflow: hidden)', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 300 },
      float(40),
      h('div', { display: 'block', overflow: 'hidden', borderTop: '1px solid gray' }),
    );
    const [, , rule] = await laidOut(tree);
    expect(rule).toMatchObject({ top: 40, left: 0, width: 300 });
  });

  it('keeps its place beside a narrower float', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 300 },
      h('div', { float: 'left', width: 100, height: 40 }),
      h('div', { display: 'block', overflow: 'hidden', height: 10 }),
    );
    const [, , box] = await laidOut(tree);
    expect(box).toMatchObject({ top: 0, left: 100, width: 200 });
  });
});

describe('a formatting context holding only floats', () => {
  it.each([
    ['display: flow-root', { display: 'flow-root' }],
    ['overflow: hidden', { display: 'block', overflow: 'hidden' }],
  ])('puts its bottom padding after them (%s)', async (_name, style) => {
    const tree = h(
      'div',
      { display: 'block', width: 300 },
      h('div', { ...style, paddingBottom: 16, borderBottom: '2px solid red' }, float(40)),
      h('div', { display: 'block', height: 10 }),
    );
    const [, holder, , after] = await laidOut(tree);
    expect(holder).toMatchObject({ top: 0, height: 58 });
    expect(after).toMatchObject({ top: 58 });
  });

  it('still holds its last child and its margin when that ends below the floats', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 300 },
      h(
        'div',
        { display: 'flow-root', paddingBottom: 16 },
        h('div', { float: 'left', width: 100, height: 20 }),
        h('div', { display: 'block', height: 50, marginBottom: 10 }),
      ),
    );
    const [, holder] = await laidOut(tree);
    expect(holder).toMatchObject({ height: 76 });
  });
});
