// Pictor change select-end-padding (src/form-control.ts, the drop-down's arrow box): a drop-down <select> is as wide
// as its widest option + 22 px (its 1 px border, Chrome's 4 px inner padding at each side and the 12 px arrow box).
// satori left the end padding out: every drop-down was 4 px narrower than Chromium's (LaTeX.css's languages page).
// Chromium repro: packages/core/test/repros/select-end-padding.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const widest = 'Traditional Chinese (zh-hant)';

async function widths(selectStyle: Record<string, unknown>, fontSize: number) {
  const root = h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      width: 500,
      fontFamily: 'Inter',
      fontSize,
    },
    hp('select', { style: selectStyle }, hp('option', {}, 'English (en)'), hp('option', {}, widest)),
    h('span', { display: 'block', fontSize: selectStyle.font ? fontSize : 13.333333 }, widest),
  );
  const { boxes: found } = await boxes(root, { width: 500, height: 200 });
  return {
    select: found.find((b) => b.type === 'select')!.width as number,
    text: found.find((b) => b.type === 'span')!.width as number,
  };
}

describe('a drop-down select', () => {
  it('is its widest option + 22 px wide', async () => {
    const { select, text } = await widths({}, 16);
    expect(select - text).toBeCloseTo(22, 0);
  });

  it('is so with the font of its text', async () => {
    const { select, text } = await widths({ font: 'inherit' }, 24);
    expect(select - text).toBeCloseTo(22, 0);
  });

  it('has no inner padding or arrow with appearance: none', async () => {
    const { select, text } = await widths({ appearance: 'none' }, 16);
    expect(select - text).toBeCloseTo(2, 0);
  });
});
