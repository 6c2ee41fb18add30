// Pictor change fallback-on-primary-baseline: glyphs from a fallback font sit on the first available font's baseline
// under a line-height that is a length or number, and a space is drawn by the first font that has it, as in Chromium
// (Han after Inter from Noto Sans SC sat up to 2 px low, and the space after it was Noto's, 1 px narrower). Here the
// primary is Inter's Latin subset (@fontsource-variable/inter) and Greek falls back to Roboto Flex's Greek subset,
// whose ascent and space differ from Inter's. Chromium repro: packages/core/test/repros/fallback-baseline.html.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, h, pixels, render } from './render.js';

const require = createRequire(import.meta.url);
const file = (path: string) => readFileSync(require.resolve(path));
const fonts = [
  {
    name: 'Primary',
    data: file('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
    weight: 400,
  },
  {
    name: 'Fallback',
    data: file('@fontsource-variable/roboto-flex/files/roboto-flex-greek-wght-normal.woff2'),
    weight: 400,
  },
];

/** The lowest row with ink in the first `columns` columns (the baseline of what is drawn there). */
async function bottomOfInk(text: string, columns: number) {
  const element = h(
    'div',
    { display: 'flex', width: 300, height: 40, backgroundColor: '#fff' },
    h('div', { fontFamily: 'Primary', fontSize: 30, lineHeight: '40px', color: '#000' }, text),
  );
  const svg = await render(element, { width: 300, height: 40, fonts });
  const rgba = await pixels(svg);
  let bottom = -1;
  for (let y = 0; y < 40; y++)
    for (let x = 0; x < columns; x++) if ((rgba[(y * 300 + x) * 4] as number) < 128) bottom = y;
  return bottom;
}

describe('fallback glyphs on the primary font', () => {
  it('a line that starts with fallback glyphs keeps the primary baseline under a fixed line-height', async () => {
    // "HHH" alone, and Greek without descenders first: both lines' ink ends on the same baseline.
    const latin = await bottomOfInk('HHH', 60);
    expect(await bottomOfInk('ΗΛΜ HHH', 60)).toBe(latin);
  });

  it('a space after fallback glyphs is the primary font’s', async () => {
    const width = async (text: string) => {
      const root = h(
        'div',
        { display: 'flex', alignItems: 'flex-start' },
        h('div', { display: 'flex', fontFamily: 'Primary', fontSize: 40 }, text),
      );
      const { boxes: found } = await boxes(root, { width: 600, height: 60, fonts });
      return found[1].width;
    };
    // Inter's space is 0.2793 em: 11.2 px at 40 px (Roboto Flex's, 0.2478 em, would be 9.9).
    const space =
      (await width('ΑΒΓ\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0H')) -
      (await width('ΑΒΓH'));
    expect(Math.abs(space / 10 - 11.17)).toBeLessThan(0.3);
  });
});
