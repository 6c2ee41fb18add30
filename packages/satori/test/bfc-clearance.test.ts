// Pictor change bfc-clearance (src/layout-engine/pictor-clearance.ts `needsClearanceCarrier`): a box with `clear`
// that establishes its own block formatting context (a CSS table, which @pictor/core lays out as a grid: Bootstrap's
// `.clearfix::after { display: table; clear: both }`; a flex or flow-root box) is placed below every float it
// clears. After an empty float with a margin, the layout engine cleared it only past that first float. Chromium
// repro: packages/core/test/repros/bfc-clearance.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, hp } from './render.js';

/** The top of the clearing box of the `display` given, after an empty float with margins and a 40 px tall float. */
async function clearingTop(display: string) {
  const root = hp(
    'div',
    { style: { display: 'block', width: 300 } },
    hp('div', { style: { float: 'left', marginTop: 8, marginBottom: 8 } }),
    hp('div', { style: { float: 'left', marginTop: 10, width: 60, height: 30 } }),
    hp('p', { style: { display, clear: 'both', height: 10 } }),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 200 });
  return found.find((b) => b.type === 'p')!.top;
}

describe('a box of its own formatting context with clear', () => {
  it('goes below every float before it', async () => {
    expect(await clearingTop('block')).toBe(40);
    expect(await clearingTop('grid')).toBe(40);
    expect(await clearingTop('flex')).toBe(40);
    expect(await clearingTop('flow-root')).toBe(40);
  });
});
