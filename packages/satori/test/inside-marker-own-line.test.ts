// Pictor change inside-marker-own-line (src/layout.ts, where markers are placed): an inside list marker is an inline
// box of the list item itself, so before a block child (`<li><p>…`) it makes a line of its own, as Chromium draws
// it; satori put it into the first line of the block child, as outside markers go. Chromium repro:
// packages/core/test/repros/inside-marker-own-line.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

/** The top of the piece holding "Create" in a list item with `content`, its marker inside. */
async function wordY(...content: unknown[]) {
  const tree = h(
    'div',
    { display: 'block', width: 300, fontSize: 16, lineHeight: '20px' },
    h('ol', { marginTop: 0, listStylePosition: 'inside' }, h('li', {}, ...content)),
  );
  const svg = await render(tree, { fonts, embedFont: false, width: 300, height: 100 });
  const piece = [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].find((m) => m[2].includes('Create'));
  return Number(/ y="([\d.-]+)"/.exec(piece?.[1] ?? '')?.[1]);
}

describe('an inside list marker', () => {
  it('makes a line of its own before a block child', async () => {
    const inline = await wordY('Create it');
    expect(await wordY(h('p', { display: 'block', margin: 0 }, 'Create it'))).toBeCloseTo(inline + 20, 0);
  });

  it('stays on the first line of inline content', async () => {
    expect(await wordY(h('span', {}, 'Create it'))).toBeCloseTo(await wordY('Create it'), 0);
  });
});
