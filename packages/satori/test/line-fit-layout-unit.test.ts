// Pictor change line-fit-layout-unit (src/text/pictor-line-fit.ts, used by src/text/inline.ts and src/text/index.ts):
// Chromium's line breaker lets a line's content overrun the available width by one layout unit (1/64 px), so a
// heading a hair wider than its column stays on one line (JSON Resume's sceptile theme). Chromium repro:
// packages/core/test/repros/line-fit-layout-unit.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const inlineBlock = (width: number) => h('div', { display: 'inline-block', width, height: 10 });

/** The height of a 627.21875 px box holding inline blocks of 300 px and `second` px. */
async function height(second: number) {
  const tree = h(
    'div',
    { display: 'block', width: 627.21875, fontSize: 16, lineHeight: '20px' },
    inlineBlock(300),
    inlineBlock(second),
  );
  const { boxes: found } = await boxes(tree, { width: 700, height: 100 });
  return found[0]?.height;
}

describe('a line whose content is a hair wider than the available width', () => {
  it('keeps content one layout unit over on the line', async () => {
    expect(await height(327.234375)).toBe(20);
  });

  it('breaks content two layout units over', async () => {
    expect(await height(327.25)).toBe(40);
  });
});
