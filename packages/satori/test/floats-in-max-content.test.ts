// Pictor change floats-in-max-content (src/text/inline.ts, `Paragraph.measure`): the max-content width of inline
// content has its floats beside its lines, as Chromium sizes it, so a shrink-to-fit box (inline-block, float, flex
// item) holds its text and floats on one line. satori laid the floats out before the paragraph and took the wider of
// the two: Pico's `<summary role=button>` with a floated `::after` chevron was two lines tall. Chromium repro:
// packages/core/test/repros/floats-in-max-content.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const chevron = (float: 'left' | 'right') =>
  h('span', { display: 'block', float, width: 16, height: 24, marginLeft: 4, backgroundColor: 'orange' });

async function laidOut(box: Record<string, unknown>, ...children: unknown[]) {
  const tree = h(
    'div',
    { display: 'block', width: 300, fontSize: 16, lineHeight: '24px' },
    h('div', { padding: 6, ...box }, ...children),
  );
  const { boxes: found } = await boxes(tree, { width: 300, height: 100 });
  const [, outer, float] = found;
  return { outer, float };
}

describe('a shrink-to-fit box with text and a float', () => {
  it.each([
    ['an inline-block, float after the text', { display: 'inline-block' }, ['Theme', chevron('right')]],
    ['a float, float before the text', { display: 'block', float: 'left' }, [chevron('left'), 'Theme']],
    ['a flex item', { display: 'flex' }, [h('div', { display: 'block' }, 'Theme', chevron('right'))]],
  ])('%s: one line, as wide as both', async (_name, style, children) => {
    const { outer } = await laidOut(style, ...children);
    const text = await laidOut(style, 'Theme');
    // One line: 24 px and the padding.
    expect(outer.height).toBe(36);
    // Theme's own width with the float's 16 px and its 4 px margin.
    if (style.display !== 'flex') expect(outer.width).toBe(text.outer.width + 20);
  });

  it('puts a right float at the right of the text', async () => {
    const { outer, float } = await laidOut({ display: 'inline-block' }, 'Theme', chevron('right'));
    expect(float.top).toBe(6);
    expect(float.left).toBe(outer.width - 6 - 16);
  });

  it('still wraps text beside the float in a narrower box', async () => {
    const { outer } = await laidOut(
      { display: 'block', float: 'left', width: 100 },
      chevron('left'),
      'Words that cannot fit on one line',
    );
    expect(outer.height).toBeGreaterThan(36);
  });
});
