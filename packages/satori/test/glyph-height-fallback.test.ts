// Pictor change glyph-height-fallback (src/font.ts `outlineTop`): a face without OS/2 `sxHeight` (or `sCapHeight`)
// measures the top of its `x` (or `H`) outline for `ex` units (and initial-letter's cap height), as Chromium does.
// The fallback called `getBoundingBox`, which this opentype.js build's glyphs lack, so such a face took 0.5 em.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const require = createRequire(import.meta.url);
const inter = readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'));

/** `data` with its OS/2 sxHeight and sCapHeight set to 0 (an older OS/2 table has neither). */
function withoutHeights(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  const tables = copy.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (copy.toString('latin1', record, record + 4) !== 'OS/2') continue;
    const offset = copy.readUInt32BE(record + 8);
    copy.writeInt16BE(0, offset + 86);
    copy.writeInt16BE(0, offset + 88);
  }
  return copy;
}

/** The width of a `10ex` box at 20 px in `data`. */
async function tenEx(data: Buffer) {
  const fonts = [{ name: 'Face', data, weight: 400, style: 'normal' }];
  const tree = h(
    'div',
    { display: 'flex', width: 300, height: 20, fontFamily: 'Face', fontSize: 20 },
    h('div', { width: '10ex', height: 10 }),
  );
  const { boxes: found } = await boxes(tree, { width: 300, height: 20, fonts });
  return found[1]!.width;
}

describe('ex without OS/2 sxHeight', () => {
  it("measures the x's outline: as wide as with the table's x-height, not 0.5 em", async () => {
    const withTable = await tenEx(inter);
    const measured = await tenEx(withoutHeights(inter));
    expect(withTable).toBeGreaterThan(105);
    expect(Math.abs(measured - withTable)).toBeLessThanOrEqual(1);
  });
});
