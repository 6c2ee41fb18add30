// Pictor change advances-per-face: a face's own `wholePixelAdvances` (in `fonts`) outranks the render's, as Chromium
// sets advances by where a face comes from (a web font's fractional, a local one's whole pixels under full hinting).
// Chromium repro: packages/core/test/repros/advances-per-font-source.html (html-glyph-advances.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

const [regular, bold] = fonts;
/** The same Inter Regular bytes as another family, so the two are separate faces. */
const web = { ...regular, name: 'Web Inter', data: Buffer.from(regular.data) };

async function widths(faces: unknown[], wholePixelAdvances: boolean) {
  const line = (family: string) =>
    h('div', { display: 'flex', fontFamily: family, fontSize: 16 }, 'iiiiiiiiii');
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
    line('Inter'),
    line('Web Inter'),
  );
  const { boxes: found } = await boxes(root, { width: 600, height: 60, wholePixelAdvances, fonts: faces });
  return [found[1].width, found[2].width];
}

describe('advances per face', () => {
  it('a face marked fractional keeps 38.75 px (39 laid out) among whole-pixel faces; unmarked faces follow the render', async () => {
    expect(await widths([regular, bold, { ...web, wholePixelAdvances: false }], true)).toEqual([40, 39]);
    expect(await widths([regular, bold, web], true)).toEqual([40, 40]);
  });

  it('a face marked whole-pixel keeps 40 px when the render is fractional', async () => {
    expect(await widths([{ ...regular, wholePixelAdvances: true }, bold, web], false)).toEqual([40, 39]);
  });
});
