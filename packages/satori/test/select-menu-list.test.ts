// Pictor change select-menu-list: a drop-down <select> in a line of text sits on the line by the baseline of the
// option it shows, and lays that text out at line-height: normal, as Chrome's menu list does. satori took the
// baseline of the select's last line (a hidden option that only widens it), so the select stood a line above its
// text (LaTeX.css's languages page). Chromium repro: packages/core/test/repros/select-text-baseline.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const select = (style: Record<string, unknown> = {}) =>
  hp('select', { style }, hp('option', {}, 'English (en)'), hp('option', {}, 'Traditional Chinese'));

async function laidOut(lineHeight: number | string, selectStyle: Record<string, unknown> = {}) {
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 500 },
    h('p', { margin: 0, fontFamily: 'Inter', fontSize: 16, lineHeight }, [
      'Choose a language: ',
      select(selectStyle),
    ]),
  );
  const { boxes: found } = await boxes(root, { width: 500, height: 200 });
  return { p: found.find((b) => b.type === 'p')!, select: found.find((b) => b.type === 'select')! };
}

describe('a drop-down in a line of text', () => {
  it('keeps the line one line tall: the select is on the text, not above it', async () => {
    const { p, select: box } = await laidOut('normal');
    expect(p.height).toBeLessThan(box.height + 4);
    expect(box.top).toBeGreaterThanOrEqual(p.top - 1);
  });

  it('sits on the same line at line-height 1.8 with font: inherit', async () => {
    const { p, select: box } = await laidOut(1.8, { font: 'inherit' });
    expect(p.height).toBeLessThanOrEqual(Math.ceil(16 * 1.8) + 1);
    expect(box.top).toBeGreaterThanOrEqual(p.top);
  });

  it("lays its text out at line-height normal whatever the select's", async () => {
    const normal = await laidOut('normal', { fontSize: 16 });
    const tall = await laidOut(1.8, { font: 'inherit' });
    expect(tall.select.height).toBe(normal.select.height);
  });
});
