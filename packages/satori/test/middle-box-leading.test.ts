// Pictor change middle-box-leading: an inline box with `vertical-align: middle` is placed by its midpoint as the line
// lays the box out: ascent and descent rounded to pixels, the half of the leading above floored to a pixel and the
// rest below, as Chromium splits the leading. At 16px Inter and line-height 1.42857 that is 1 px above and 1.86 px
// below: Chromium's line grows to 24.05 px, the font's exact ascent and descent gave 24.3 px (résumé theme eloquent's
// contact lines). Chromium repro: packages/core/test/repros/middle-box-leading.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, hp } from './render.js';

/** Ten blocks of one `vertical-align: middle` label each: the height of all ten. */
async function tenLines(align: string | undefined) {
  const line = () =>
    hp(
      'div',
      { style: { display: 'block' } },
      hp('span', { style: align ? { verticalAlign: align } : {} }, '(912) 555-4321'),
    );
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 300, height: 400, fontFamily: 'Inter' },
    hp(
      'div',
      { class: 'list', style: { display: 'block', fontSize: 16, lineHeight: 1.42857143 } },
      ...Array.from({ length: 10 }, line),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 300, height: 400, fonts });
  return found.find((b) => b.type === 'div' && b.width === 300 && b.height < 400 && b.height > 100)?.height;
}

describe('inline boxes aligned to the middle, by the leading as Chromium splits it', () => {
  it('make each line 24.05 px at 16px and line-height 1.42857 (Chromium: ten lines 240.47 px)', async () => {
    const height = await tenLines('middle');
    expect(height).toBeGreaterThan(239.5);
    expect(height).toBeLessThan(241.5);
  });

  it('a baseline-aligned label keeps each line at its line-height', async () => {
    expect(await tenLines(undefined)).toBe(228); // Chromium 228.44
  });
});
