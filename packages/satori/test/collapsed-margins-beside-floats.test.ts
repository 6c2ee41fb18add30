// Pictor change collapsed-margins-beside-floats (src/layout-engine/pictor-margin-carriers.ts, `encodeTree`): the
// engine placed a block where its top margin collapses, but its lines met the floats before it as if the margins
// were added (the bottom margin before it plus its own, or its own plus its first child's), so a heading in a
// column narrower than the float started its line above the float's bottom, over it (JSON Resume's srt theme).
// Chromium repro: packages/core/test/repros/collapsed-margins-beside-floats.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const float = (height: number) => h('div', { display: 'block', float: 'left', width: 120, height });
const heading = (text: string, margin: string) =>
  h('div', { display: 'block', width: 90, margin, fontSize: 16, lineHeight: '20px' }, text);

/** The height of the heading's box: its line goes below the float, which it cannot fit beside. */
async function headingHeight(tree: ReturnType<typeof h>) {
  const { boxes: found } = await boxes(tree, { width: 300, height: 300 });
  return found.find((box) => box.type === 'div' && box.width === 90)?.height;
}

describe('a block whose top margin collapses, after a float', () => {
  it('starts its line at the bottom of the float after a bottom margin', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 300, paddingTop: 1 },
      h('div', { display: 'block', marginBottom: 16, borderBottom: '1px solid black' }, float(80)),
      h('div', { display: 'block' }, heading('Experience', '12px 0 0')),
    );
    // The heading's top at 18 (the margins collapsed to 16 after the border), the float's bottom at 81: its line
    // from 81 to 101.
    expect(await headingHeight(tree)).toBe(83);
  });

  it('starts its line at the bottom of the float when its margin collapses with its parent’s', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 300, paddingTop: 1 },
      float(90),
      h('div', { display: 'block', marginTop: 10 }, heading('Languages', '14px 0 0')),
    );
    // The heading's top at 15 (the margins collapsed to 14), the float's bottom at 91: its line from 91 to 111.
    expect(await headingHeight(tree)).toBe(96);
  });
});
