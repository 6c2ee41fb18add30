/**
 * Pictor (missing-glyph-primary-notdef): a character no font has (Hugo's Coder theme puts U+2B08 "⬈" after external
 * links) is drawn by Chrome with the .notdef glyph of the element's primary font, its first available family, with
 * that glyph's advance. satori took the last fallback font's .notdef, a box of another width, and lines broke
 * elsewhere.
 */
import opentype from '@shuding/opentype.js';
import { describe, expect, it } from 'vitest';
import { fonts, h, latinModern, render } from './render.js';

const inter = fonts[0]!;
/** A font's .notdef advance at `size` px. */
function notdefAdvance(data: Buffer, size: number) {
  const font = opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  return (font.glyphs.get(0).advanceWidth * size) / font.unitsPerEm;
}

/** The x of the marker box after `text` set in `family`, with the faces in `faces` order. */
async function boxAfter(text: string, family: string, faces: unknown[]) {
  const svg = await render(
    h('div', { display: 'flex', fontSize: 20, fontFamily: family }, [
      h('span', {}, text),
      h('div', { width: 10, height: 10, backgroundColor: 'red' }),
    ]),
    { width: 300, height: 40, fonts: faces },
  );
  const box = svg.match(/<rect [^>]*x="([\d.]+)"[^>]*fill="red"/);
  return Number(box?.[1]);
}

describe('a character no font has', () => {
  it("takes the primary font's .notdef advance, not the last fallback's", async () => {
    const interBox = notdefAdvance(inter.data, 20);
    const lmBox = notdefAdvance(latinModern.data, 20);
    expect(Math.abs(interBox - lmBox)).toBeGreaterThan(2);
    // Inter first, Latin Modern a fallback (the last face): Inter's box.
    // (The box's x is laid out in whole pixels.)
    expect(Math.abs((await boxAfter('⬈⬈⬈⬈', 'Inter', [inter, latinModern])) - 4 * interBox)).toBeLessThan(1);
    // Latin Modern named and first, Inter the last face: Latin Modern's box.
    expect(Math.abs((await boxAfter('⬈⬈⬈⬈', 'Latin Modern', [latinModern, inter])) - 4 * lmBox)).toBeLessThan(
      1,
    );
  });
});
