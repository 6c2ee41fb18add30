// Pictor change vertical-latin-text: Latin text in a vertical writing mode (a résumé sidebar's "CURRICULUM VITAE"
// label, `writing-mode: vertical-rl; text-transform: uppercase; letter-spacing: 4px`) is set as horizontal text is:
// its `text-transform` applied, `letter-spacing` added after every character, and the space between two words kept
// (the columns ran "Curriculumvitae" as one lower-case word). Chromium repro: vertical-latin-text,
// html-chromium-repros.test.ts.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, pixels, render } from './render.js';

/** The top and bottom row of the ink (alpha > 96) of a 60×300 image. */
async function inkRows(style: Record<string, unknown>, text: string, options: Record<string, unknown> = {}) {
  const element = h(
    'div',
    { display: 'flex', width: 60, height: 300, alignItems: 'flex-start' },
    h('div', { fontFamily: 'Inter', fontSize: 20, writingMode: 'vertical-rl', ...style }, text),
  );
  const data = await pixels(await render(element, { fonts, width: 60, height: 300, ...options }));
  let top = -1;
  let bottom = -1;
  // The longest run of rows without ink between the first and the last inked row.
  let gap = 0;
  for (let y = 0; y < 300; y++) {
    let ink = false;
    for (let x = 0; x < 60; x++) if ((data[(y * 60 + x) * 4 + 3] as number) > 96) ink = true;
    if (!ink) continue;
    if (top < 0) top = y;
    else gap = Math.max(gap, y - bottom);
    bottom = y + 1;
  }
  return { top, bottom, gap, data };
}

describe('Latin text in vertical writing', () => {
  it('text-transform: uppercase sets the upper-case letters', async () => {
    const transformed = await inkRows({ textTransform: 'uppercase' }, 'cv vitae');
    const upper = await inkRows({}, 'CV VITAE');
    expect(transformed.data.equals(upper.data)).toBe(true);
  });

  it('letter-spacing: 10px adds 10 px after each of the 5 characters of "CVXYZ"', async () => {
    const plain = await inkRows({}, 'CVXYZ');
    const spaced = await inkRows({ letterSpacing: 10 }, 'CVXYZ');
    // The ink ends before the last character's spacing: 4 gaps of 10 px.
    expect(spaced.bottom - spaced.top - (plain.bottom - plain.top)).toBeGreaterThanOrEqual(39);
    expect(spaced.bottom - spaced.top - (plain.bottom - plain.top)).toBeLessThanOrEqual(41);
  });

  it('the space between two words keeps its advance (Inter 20 px: about 5.6 px)', async () => {
    const joined = await inkRows({}, 'AB');
    const spaced = await inkRows({}, 'A B');
    const gap = spaced.bottom - spaced.top - (joined.bottom - joined.top);
    expect(gap).toBeGreaterThanOrEqual(4);
    expect(gap).toBeLessThanOrEqual(7);
  });

  it('with whole-pixel advances, a sideways word is drawn as long as it was measured: the space after it stays', async () => {
    // Inter 14 px: "Curriculum" rounded glyph by glyph is about 2 px shorter than unrounded, the space 4 px.
    const { gap } = await inkRows({ fontSize: 14 }, 'Curriculum vitae', { wholePixelAdvances: true });
    expect(gap).toBeGreaterThanOrEqual(4);
  });
});

describe('the length of wrapping vertical text', () => {
  /** The laid-out height of a vertical inline-block in a 200 px tall viewport. */
  async function heightOf(style: Record<string, unknown>, text: string) {
    const element = h(
      'div',
      { display: 'flex', width: 300, alignItems: 'flex-start' },
      h(
        'div',
        {
          fontFamily: 'Inter',
          fontSize: 14,
          writingMode: 'vertical-rl',
          borderWidth: 1,
          borderStyle: 'solid',
          ...style,
        },
        text,
      ),
    );
    const { boxes: found } = await boxes(element, { fonts, width: 300, height: 200 });
    return found.find((b) => b.type === 'div' && b.width < 300)?.height;
  }

  it('text that wraps takes the viewport length less its own borders and padding (fit-content)', async () => {
    // Pictor change vertical-fit-content: Chromium's border box is the viewport's 200 px (Chromium 150, measured).
    expect(
      await heightOf({ padding: 5 }, 'CURRICULUM VITAE LONG TEXT HERE AND MORE WORDS TO WRAP'),
    ).toBeCloseTo(200, 0);
  });

  it('text that fits in one column is as long as its text', async () => {
    const short = (await heightOf({}, 'Short')) as number;
    expect(short).toBeGreaterThan(20);
    expect(short).toBeLessThan(60);
  });
});
