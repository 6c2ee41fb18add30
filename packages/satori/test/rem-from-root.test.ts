// Pictor change rem-from-root: `rem` is the font size of the root element (`<html>`), not always 16px: Bulma's
// `html { font-size: 14px }`, `62.5%` (1rem = 10px). Chromium repros: packages/core/test/repros/rem-root-font-size.html
// and rem-root-font-size-px.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The laid-out width of the `<p>` under `<html style={rootStyle}>`. */
async function width(rootStyle: Record<string, unknown>, style: Record<string, unknown>) {
  const tree = h('html', { display: 'flex', ...rootStyle }, h('p', { display: 'flex', height: 4, ...style }));
  const { boxes: found } = await boxes(tree, { width: 400, height: 100 });
  return found.find((b) => b.type === 'p')?.width;
}

describe('rem', () => {
  it('is of the root font size in px', async () => {
    expect(await width({ fontSize: '14px' }, { width: '10rem' })).toBe(140);
  });

  it('is of a percentage root font size (62.5% → 10px), in calc() too', async () => {
    expect(await width({ fontSize: '62.5%' }, { width: '20rem' })).toBe(200);
    expect(await width({ fontSize: '62.5%' }, { width: 'calc(20rem + 5px)' })).toBe(205);
  });

  it("in the root's font-size is of the initial 16px", async () => {
    expect(await width({ fontSize: '2rem' }, { width: '3rem' })).toBe(96);
  });

  it('is 16px when the root sets no font size', async () => {
    expect(await width({}, { width: '5rem' })).toBe(80);
  });
});
