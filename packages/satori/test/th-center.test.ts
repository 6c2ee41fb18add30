// Pictor change th-center-unless-aligned: `text-align: -internal-center` (Chrome's UA value for <th>) centres only
// when the parent's text-align is the initial one. Chromium repro: packages/core/test/html-table-header-align.test.ts.
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

/** Where the first glyph starts (x of the first path's first point). */
async function textStart(parentAlign?: string) {
  const cell = h('div', { display: 'block', width: 200, textAlign: '-internal-center' }, 'Hi');
  const svg = await render(
    h('div', { display: 'flex', width: 200, ...(parentAlign ? { textAlign: parentAlign } : {}) }, cell),
    { width: 200, height: 40 },
  );
  return Number(/<path[^>]* d="M([\d.]+)/.exec(svg)?.[1]);
}

describe('text-align: -internal-center', () => {
  it('centres under an initial text-align', async () => {
    expect(await textStart()).toBeGreaterThan(80);
  });

  it('keeps the left alignment its parent gives it', async () => {
    expect(await textStart('left')).toBeLessThan(5);
  });
});
