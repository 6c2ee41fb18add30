// Pictor change textarea-rows-height: a text area without a page height is `rows` lines of its own line height
// (at `normal`, its font's rounded ascent plus descent: 18 px for 13.33 px monospace), as in Chromium; satori's
// `calc(N lh)` took the parent's line height (20 px rows under a 1.5 page). Chromium repro:
// packages/core/test/repros/textarea-rows-height.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function height(props: Record<string, unknown>, parent: Record<string, unknown> = {}) {
  const root = h(
    'div',
    { display: 'block', width: 300, height: 200, fontSize: 16, lineHeight: 1.5, ...parent },
    hp('textarea', props, 'Text'),
  );
  const { boxes: found } = await boxes(root as never, { width: 300, height: 200 });
  return found.find((b) => b.type === 'textarea')?.height;
}

describe('a text area’s rows', () => {
  it("at line-height normal: its font's line, whatever the page's line height", async () => {
    const under15 = await height({});
    const under3 = await height({}, { lineHeight: 3 });
    expect(under15).toBe(under3);
    // Two rows of a 13.33 px font's normal line, the 1 px frame and 2 px padding.
    expect(under15).toBeGreaterThan(2 * 13 + 6);
    expect(under15).toBeLessThan(2 * 18 + 6 + 1);
  });

  it('four rows of its own 20 px line height', async () => {
    expect(await height({ rows: 4, style: { lineHeight: '20px' } }, { lineHeight: 3 })).toBe(4 * 20 + 6);
  });

  it("the page's own height wins", async () => {
    expect(await height({ style: { height: 100 } })).toBe(100 + 6);
  });
});
