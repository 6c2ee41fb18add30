// Pictor change alignment-overflow-position (src/handler/compute.ts `alignmentValue`): an alignment value may start
// with an overflow position, `safe` or `unsafe` (css-align-3 §4.4). Marp's slide themes centre each slide's content
// with `place-content: safe center center` on a block section; satori knew no such value and dropped the declaration,
// so the content sat at the top of the slide. `unsafe X` is X, and so is `safe X` while the content fits. Chromium
// repro: packages/core/test/repros/alignment-overflow-position.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const child = h('div', { display: 'block', height: 40, backgroundColor: 'blue' });
const top = async (style: Record<string, unknown>, item = child) => {
  const { boxes: found } = await boxes(
    h('div', { display: 'block', width: 200, height: 200, ...style }, item),
    { width: 200, height: 200 },
  );
  return found.filter((b) => b.type === 'div')[1].top;
};

describe('an overflow position in an alignment value', () => {
  it('centres a block container’s content with safe center', async () => {
    expect(await top({ placeContent: 'safe center center' })).toBe(80);
    expect(await top({ alignContent: 'safe center' })).toBe(80);
  });

  it('reads unsafe end as end', async () => {
    expect(await top({ alignContent: 'unsafe end' })).toBe(160);
  });

  it('works in flex containers too', async () => {
    expect(await top({ display: 'flex', flexDirection: 'column', justifyContent: 'safe center' })).toBe(80);
    expect(
      await top(
        { display: 'flex', alignItems: 'unsafe flex-end' },
        h('div', { height: 40, width: 10, backgroundColor: 'blue' }),
      ),
    ).toBe(160);
  });
});
