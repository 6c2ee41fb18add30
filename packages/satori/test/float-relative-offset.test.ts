// Pictor change float-relative-offset: a float with `position: relative` moves by its insets, as any relatively
// positioned box (Bootstrap 3's `.col-sm-push-3 { position: relative; left: 25% }` on floated columns); the
// layout engine left them out. Chromium repro: packages/core/test/repros/float-grid-push.html
// (core's html-float-grid.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function floatBox(floatStyle: Record<string, unknown>) {
  const tree = h(
    'div',
    { display: 'block', width: 400, paddingLeft: 20 },
    h('div', { float: 'left', width: 100, height: 10, position: 'relative', ...floatStyle }),
  );
  const { boxes: found } = await boxes(tree, { width: 420, height: 100 });
  return found[1];
}

describe('a relatively positioned float', () => {
  it('moves by a percentage of its containing block', async () => {
    expect(await floatBox({ left: '25%' })).toMatchObject({ left: 120, top: 0 });
  });

  it('moves by px insets, left and top first', async () => {
    expect(await floatBox({ left: 10, right: 50, top: 5 })).toMatchObject({ left: 30, top: 5 });
  });

  it('moves back by right and bottom', async () => {
    expect(await floatBox({ right: '-25%', bottom: 4 })).toMatchObject({ left: 120, top: -4 });
  });

  it('stays in place without insets', async () => {
    expect(await floatBox({})).toMatchObject({ left: 20, top: 0 });
  });
});
