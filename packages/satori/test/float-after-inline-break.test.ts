// Pictor change float-after-inline-break (src/text/inline.ts `lineTopAfter`, `floatTopAfter`, `afterForcedBreak`): a float
// after a forced break of its paragraph (`line<br><span style="float:right">`, also when the `<br>` ends an inline
// box: `<strong>title<br></strong><float>`) comes after the break: Chromium puts it at the top of the line after the
// break (CSS 2 §9.5.1 rule 6), or below the paragraph's last line when the break ends it. satori put it at the top of
// the line before the break. Chromium repro: packages/core/test/repros/float-after-inline-break.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const float = h(
  'span',
  { display: 'block', float: 'right', width: 80, height: 10, backgroundColor: 'orange' },
  '',
);
const br = h('br', {});

async function floatTop(...children: unknown[]) {
  const tree = h(
    'div',
    { display: 'block', width: 200, fontSize: 16, lineHeight: '20px' },
    h('p', { display: 'block', margin: 0 }, ...children),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 400 });
  return found.find((b: { width: number; height: number }) => b.width === 80 && b.height === 10)?.top;
}

describe('a float after a forced break', () => {
  it('goes to the top of the line after the break', async () => {
    expect(await floatTop('first', br, float, 'second')).toBe(20);
  });

  it('does so when the break ends an inline box', async () => {
    expect(await floatTop(h('b', {}, 'first', br), float, 'second')).toBe(20);
    expect(await floatTop(h('span', {}, 'first', br), ' ', float, 'second')).toBe(20);
  });

  it('stays on the line of content before it after the break', async () => {
    expect(await floatTop('first', br, 'ab', float, 'second')).toBe(20);
  });
});
