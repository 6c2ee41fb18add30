// Pictor change break-spaces-line-feeds: `white-space: break-spaces` keeps line feeds, as `pre-wrap` does (CSS Text 3
// §3; Chromium). satori 0.63.2 turned them into spaces. Chromium repro: packages/core/test/repros/break-spaces-line-feeds.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function heightOf(whiteSpace: string) {
  const { boxes: found } = await boxes(
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 400 },
      h('div', { fontFamily: 'Inter', fontSize: 16, lineHeight: '20px', whiteSpace }, 'one\ntwo\nthree'),
    ),
    { width: 400, height: 200 },
  );
  return found[1]!.height;
}

describe('white-space: break-spaces', () => {
  it('keeps line feeds: three lines', async () => {
    expect(await heightOf('break-spaces')).toBe(60);
    expect(await heightOf('pre-wrap')).toBe(60);
  });
});
