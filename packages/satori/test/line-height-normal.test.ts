// Pictor change line-height-normal: `line-height: normal` is round(ascent) + round(descent) + round(hhea line gap),
// as Chrome computes it. Chromium repro: packages/core/test/repros (html-line-height.test.ts, 30 lines per face).
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

describe('line-height: normal', () => {
  it('is the rounded ascent, descent and line gap: Inter 16px lines are 20px (19.36 unrounded), 30 of them 600px', async () => {
    const one = await render(h('div', { display: 'flex', fontSize: 16, lineHeight: 'normal' }, 'Hello'));
    expect(svgSize(one).height).toBe(20);
    const lines = Array.from({ length: 30 }, (_, i) => h('div', { display: 'flex' }, `Line ${i}`));
    const many = await render(h('div', { display: 'flex', flexDirection: 'column', fontSize: 16 }, ...lines));
    expect(svgSize(many).height).toBe(600);
  });
});
