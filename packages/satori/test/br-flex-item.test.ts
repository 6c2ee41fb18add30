// Pictor change br-flex-item: a `<br>` that is a child of a flex or grid container is an item of its own, one empty
// line tall (an anonymous block holding the break), as in Chromium; satori dropped it. LaTeXML ends a centred table
// with `<br class="ltx_break ltx_centering">` in its `display: flex` figure, a line taller in Chromium. Chromium
// repro: packages/core/test/repros/br-flex-item.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const br = () => ({ type: 'br', props: {} });
/** The height of the outermost box (the container). */
async function heightOf(container: ReturnType<typeof h>) {
  const laid = await boxes(h('div', { display: 'flex', flexDirection: 'column', width: 200 }, container), {
    width: 200,
    height: 300,
  });
  return laid.boxes.find((b) => b.type === 'section')?.height;
}
const container = (style: Record<string, unknown>, ...children: unknown[]) =>
  ({ ...h('section', { fontSize: 16, lineHeight: '20px', ...style }, ...children) }) as ReturnType<typeof h>;

describe('a <br> in a flex or grid container', () => {
  it('is an item one line tall in a column', async () => {
    const text = h('div', { display: 'block', height: 30 }, 'Table');
    expect(await heightOf(container({ display: 'flex', flexDirection: 'column' }, text, br()))).toBe(50);
    expect(await heightOf(container({ display: 'flex', flexDirection: 'column' }, br(), br()))).toBe(40);
  });

  it('of its inherited line height', async () => {
    expect(await heightOf(container({ display: 'flex', lineHeight: '30px' }, br()))).toBe(30);
    expect(await heightOf(container({ display: 'grid', lineHeight: '26px' }, br()))).toBe(26);
  });

  it('as in a block container, where it already was a line', async () => {
    const text = h('div', { display: 'block', height: 30 }, 'Table');
    expect(await heightOf(container({ display: 'block' }, text, br()))).toBe(50);
  });
});
