// Pictor change percent-padding-flex-items (src/layout-engine/pictor-percent-padding.ts): a flex item's percentage
// padding counts in its flex base size, resolved against the flex container's inner width as Chromium resolves it.
// The layout engine left it out while it sized the item from its content and then took it from the text: a CV's
// title row (`display: flex; justify-content: space-between`, items with `padding-right: 6%`) wrapped its date.
// Chromium repro: packages/core/test/repros/percent-padding-flex-items.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

/** The laid-out boxes of `p` items in a 400 px flex row with the padding given. */
async function items(padding: Record<string, string | number>, flex: Record<string, unknown> = {}) {
  const root = hp(
    'div',
    { style: { display: 'flex', width: 400, justifyContent: 'space-between', ...flex } },
    hp('p', { style: { margin: 0, ...padding } }, 'Title'),
    hp('p', { style: { margin: 0, ...padding } }, 'MM.YY - MM.YY'),
  );
  const { boxes: found } = await boxes(root, { width: 400, height: 100 });
  return found.filter((b) => b.type === 'p');
}

describe('a flex item with a percentage padding', () => {
  it('is as wide as its content and the padding, which resolves against the container', async () => {
    const [px, percent] = [await items({ paddingRight: 24 }), await items({ paddingRight: '6%' })];
    expect(percent.map((b) => [b.width, b.height])).toEqual(px.map((b) => [b.width, b.height]));
    expect(percent.map((b) => b.left)).toEqual(px.map((b) => b.left));
  });

  it('counts every side', async () => {
    const px = await items({ paddingLeft: 40, paddingRight: 20, paddingTop: 8 });
    const percent = await items({ paddingLeft: '10%', paddingRight: '5%', paddingTop: '2%' });
    expect(percent.map((b) => [b.left, b.width, b.height])).toEqual(
      px.map((b) => [b.left, b.width, b.height]),
    );
  });

  it('keeps a column item as wide as its content and the padding', async () => {
    const column = { flexDirection: 'column', alignItems: 'flex-start' };
    const px = await items({ paddingLeft: 40 }, column);
    const percent = await items({ paddingLeft: '10%' }, column);
    expect(percent.map((b) => [b.width, b.height])).toEqual(px.map((b) => [b.width, b.height]));
  });
});
