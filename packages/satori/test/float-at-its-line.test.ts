// Pictor change float-at-its-line (src/layout-engine/pictor-float-lines.ts, src/text/inline.ts `addFloat`): a float
// in the middle of a paragraph has its top at the top of the line holding the content before it (CSS 2 §9.5.1
// rule 6). satori laid it out before the paragraph, at its top: Tufte's margin notes (`float: right; width: 50%;
// margin-right: -60%`) stood lines above their text. Chromium repro: packages/core/test/repros/float-at-its-line.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const note = h(
  'span',
  {
    display: 'block',
    float: 'right',
    width: '50%',
    marginRight: '-60%',
    height: 10,
    backgroundColor: 'orange',
  },
  '',
);
const words = 'word '.repeat(30);

async function laidOut(...children: unknown[]): Promise<{ top: number }> {
  const tree = h(
    'div',
    { display: 'block', width: 200, fontSize: 16, lineHeight: '20px', paddingRight: 200 },
    h('p', { display: 'block', margin: 0 }, ...children),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 400 });
  return found.find((box: { width: number; height: number }) => box.width === 100 && box.height === 10);
}

describe('a float in the middle of a paragraph', () => {
  it('has its top at the top of the line the text before it ends on', async () => {
    const float = await laidOut(words, note, 'after');
    const paragraph = await laidOut(words, 'after', note);
    // 30 words in 200 px make several lines; the float is on the last of them, not at the paragraph's top.
    expect(float.top).toBeGreaterThan(20);
    expect(float.top).toBe(paragraph.top);
  });

  it('stays at the top when it starts the paragraph', async () => {
    const float = await laidOut(note, words);
    expect(float.top).toBe(0);
  });
});
