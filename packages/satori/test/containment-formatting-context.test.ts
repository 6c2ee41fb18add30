// Pictor change containment-formatting-context: layout and paint containment (`contain: layout | paint | content |
// strict`, `content-visibility: auto`) make a block container a formatting context of its own — margins do not
// collapse through it, it holds its floats — and paint containment clips its content. Chromium repro:
// packages/core/test/repros/containment-formatting-context.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, pixels } from './render.js';

/** The top of a contained box and of its first child, after a 10 px box with a 16 px bottom margin. */
async function tops(containment: Record<string, unknown>) {
  const root = h(
    'div',
    { display: 'block', width: 200 },
    h('div', { display: 'block', height: 10, marginBottom: 16 }),
    h(
      'section',
      { display: 'block', ...containment },
      h('h3', { display: 'block', height: 10, marginTop: 24, backgroundColor: 'blue' }),
    ),
  );
  const { boxes: found } = await boxes(root, { width: 200, height: 100, fonts });
  const section = found.find((b) => b.type === 'section')!;
  const heading = found.find((b) => b.type === 'h3')!;
  return [section.top, heading.top];
}

describe('layout and paint containment', () => {
  it("keeps a first child's top margin inside a contained box", async () => {
    // Chromium: the section starts after the 16 px margin and its heading 24 px below that.
    expect(await tops({ contentVisibility: 'auto' })).toEqual([26, 50]);
    expect(await tops({ contain: 'layout' })).toEqual([26, 50]);
    expect(await tops({ contain: 'content' })).toEqual([26, 50]);
    expect(await tops({ contain: 'strict' })).toEqual([26, 50]);
    // Without containment (or with size or style containment only) the margins collapse: 10 + max(16, 24).
    expect(await tops({})).toEqual([34, 34]);
    expect(await tops({ contain: 'size style' })).toEqual([34, 34]);
  });

  it('clips the content of a box with paint containment', async () => {
    const drawn = async (contain: string) => {
      const root = h(
        'div',
        { display: 'block', width: 100, height: 100 },
        h(
          'div',
          { display: 'block', height: 20, contain },
          h('div', { display: 'block', width: 60, height: 60, backgroundColor: 'red' }),
        ),
      );
      const { svg } = await boxes(root, { width: 100, height: 100, fonts });
      const rgba = await pixels(svg);
      return rgba[(40 * 100 + 30) * 4 + 3]; // alpha at (30, 40): below the 20 px box
    };
    expect(await drawn('paint')).toBe(0);
    expect(await drawn('none')).toBe(255);
  });
});
