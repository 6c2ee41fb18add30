/**
 * Pictor change measure-within-available: a paragraph that wraps fills its available width exactly, as Chromium's
 * fit-content width (min(max-content, available)) is that width. satori rounded the measured width up to whole
 * pixels (709.33 → 710), so a shrink-to-fit box around it (a list in a flex column with `align-items: center`, the
 * Vivliostyle slide theme's sections) came out wider than its container and was centred a third of a pixel to the
 * left: its text a pixel left of Chromium's (benchmarks/fidelity/wider/vivliostyle-slide). Chromium repro:
 * packages/core/test/repros/measure-within-available.html.
 */
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const long =
  'The binary operator casts both operands to a string unless both operands are numbers. This is because the addition operator doubles';

/** The boxes of a flex column 752 px wide inside 24 px padding centring a box padded 42.67 px that holds `content`. */
async function centred(content: ReturnType<typeof h> | string) {
  const { boxes: found } = await boxes(
    h(
      'div',
      { display: 'flex', flexDirection: 'column', alignItems: 'center', width: 752, padding: '0 24px' },
      h(
        'div',
        { display: 'flex', flexDirection: 'column', paddingLeft: 42.6667, fontSize: 21.3333 },
        content,
      ),
    ),
    { width: 800, height: 300 },
  );
  return found.filter((b) => b.type === 'div' || b.type === 'p');
}

describe('a wrapped paragraph in a shrink-to-fit box', () => {
  it('of plain text fills the available width exactly: the box is the container’s width, the text at 66.67 → 67', async () => {
    const [, box, text] = await centred(h('p', { margin: 0 }, long));
    expect(box.left).toBe(24);
    expect(box.width).toBe(752);
    expect(text.left).toBe(67);
    expect(text.width).toBe(709);
  });

  it('of inline content (text and an inline box) likewise', async () => {
    const [, box, text] = await centred(
      h('p', { margin: 0, display: 'block' }, 'The binary ', h('span', { fontWeight: 700 }, '+'), ` ${long}`),
    );
    expect(box.left).toBe(24);
    expect(box.width).toBe(752);
    expect(text.left).toBe(67);
  });

  it('keeps the rounded-up width of text narrower than the available width', async () => {
    const { boxes: found } = await boxes(
      h(
        'div',
        { display: 'flex', flexDirection: 'column', alignItems: 'center', width: 400 },
        h('p', { margin: 0, fontSize: 21.3333 }, 'Short line'),
      ),
      { width: 400, height: 100 },
    );
    const p = found.find((b) => b.type === 'p');
    expect(Number.isInteger(p?.width)).toBe(true);
    expect(p?.width).toBeLessThan(400);
  });
});
