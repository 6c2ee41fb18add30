// Pictor change field-frame-padding (src/pictor-form-controls.ts `fieldFramePadding`, src/handler/compute.ts): a
// text field whose page sets its padding but no border keeps Chrome's 2 px frame (html.css's `2px inset`, 1 px of it
// painted): each padding the page sets gets the frame's inner pixel, which the preset kept in its own padding. Such a
// field was 2 px shorter and narrower than Chrome's. Chromium repro: packages/core/test/repros/field-frame-padding.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

/** The border boxes of text fields styled by `styles` (each its inline style), stacked. */
async function fields(...styles: Record<string, unknown>[]) {
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', width: 400, fontSize: 16 },
    ...styles.map((style) => hp('input', { type: 'text', value: 'abc', style })),
  );
  const { boxes: found } = await boxes(root as never, { width: 400, height: 400 });
  return found.filter((b) => b.type === 'input');
}

describe("a text field's padding of the page's", () => {
  it('lies inside the 2 px frame: 6px of padding is 5 px taller a side than the preset (1 px frame, 2 px padding)', async () => {
    const [preset, padded, rem, left] = await fields(
      {},
      { padding: '6px' },
      { padding: '.5rem .75rem' },
      { paddingLeft: 10 },
    );
    // The preset's frame and padding: 1 + 2 px above and below, 1 + 3 px at the sides.
    expect(padded!.height - preset!.height).toBe(10);
    expect(padded!.width - preset!.width).toBe(8);
    // .5rem and .75rem (8 and 12 px) inside the 2 px frame: 10 px a side, 14 and 20 px more in all.
    expect(rem!.height - preset!.height).toBe(14);
    expect(rem!.width - preset!.width).toBe(20);
    // One side only: 1 + 1 + 10 where the preset has 1 + 3; the other sides keep the preset's.
    expect(left!.width - preset!.width).toBe(8);
    expect(left!.height).toBe(preset!.height);
  });

  it("with a border of the page's is just its padding", async () => {
    const [preset, bordered] = await fields({}, { padding: '6px', border: '1px solid #999' });
    // 6 + 1 a side where the preset has 2 + 1 (its padding and 1 px frame).
    expect(bordered!.height - preset!.height).toBe(8);
  });
});
