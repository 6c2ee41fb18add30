// Pictor change ex-unit-own-font (src/pictor-ch-unit.ts, `usesChUnit`, `withOwnChRatio`): `ex` in an element's own
// lengths is the x-height of the element's own font (CSS Values 4), which its style may set, as `ch` is its own
// advance of "0" (ch-unit-advance). satori resolved the element's own `ex` lengths with its parent's x-height: a
// sans-serif or monospace box of `height: 100ex` in a serif page was 858 px at 16px where Chromium gives 873 and
// 880 (MCSS's `code { text-underline-offset: .35ex }`, hello-css's and LaTeX.css's ex lengths on code and
// headings set in their own faces). Chromium repro: packages/core/test/repros/ex-unit-own-font.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, latinModern } from './render.js';

/** The height of a `height: 10ex` box in `own` font inside a block in `parent` font, at 20px. */
async function tenEx(parent: string, own: string) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 300, height: 400, fontFamily: parent, fontSize: 20 },
    h('div', { display: 'flex', width: 77, height: '10ex', fontFamily: own }),
  );
  const { boxes: found } = await boxes(tree, { width: 300, height: 400, fonts: [...fonts, latinModern] });
  return found.find((b) => b.type === 'div' && b.width === 77)?.height ?? 0;
}

describe('ex', () => {
  it("is the x-height of the element's own font, not its parent's", async () => {
    const inter = await tenEx('Inter', 'Inter');
    const latin = await tenEx('Latin Modern', 'Latin Modern');
    // Inter's x-height is 0.546 em, Latin Modern's 0.43 em.
    expect(inter).toBeGreaterThan(latin + 15);
    expect(await tenEx('Latin Modern', 'Inter')).toBeCloseTo(inter, 1);
    expect(await tenEx('Inter', 'Latin Modern')).toBeCloseTo(latin, 1);
  });

  it('is still inherited by children that keep the font', async () => {
    const tree = h(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: 300,
        height: 400,
        fontFamily: 'Latin Modern',
        fontSize: 20,
      },
      h(
        'div',
        { display: 'flex', fontFamily: 'Inter' },
        h('div', { display: 'flex', width: 77, height: '10ex' }),
      ),
    );
    const { boxes: found } = await boxes(tree, { width: 300, height: 400, fonts: [...fonts, latinModern] });
    expect(found.find((b) => b.type === 'div' && b.width === 77)?.height ?? 0).toBeCloseTo(
      await tenEx('Inter', 'Inter'),
      1,
    );
  });
});
