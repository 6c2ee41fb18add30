// Pictor change line-height-length-inherits: a line-height given as a length (22px, 1.6em, 140%) is inherited as that
// length, as CSS computes it. Chromium repro: packages/core/test/repros/line-height-length-inherits.html
// (html-line-height.test.ts) and repros/zero-font-size-image.html.
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

const tenLines = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');

async function height(parent: Record<string, unknown>) {
  const child = h('div', { display: 'flex', fontSize: 16, whiteSpace: 'pre-wrap' }, tenLines);
  return svgSize(await render(h('div', { display: 'flex', width: 200, ...parent }, child))).height;
}

describe('an inherited line-height length', () => {
  it('1.6em of a 14px parent is 22.4px lines in a 16px child, not 1.6 × 16', async () => {
    expect(await height({ fontSize: 14, lineHeight: '1.6em' })).toBeCloseTo(224, 0);
  });

  it('a px line-height stays that length in a child with another font size', async () => {
    expect(await height({ fontSize: 10, lineHeight: '20px' })).toBeCloseTo(200, 0);
  });

  it('a unitless number is still inherited as the number', async () => {
    expect(await height({ fontSize: 10, lineHeight: '2' })).toBeCloseTo(320, 0);
  });
});
