// Pictor tuning glyph-path-numbers (speed only): glyph outlines written from integer tenths give the same text as
// satori's own formatting. Also covered by packages/core/test/satori-glyph-paths.test.ts.
import { describe, expect, it } from 'vitest';
import { tenths } from '../src/pictor-numbers.js';
import { h, render } from './render.js';

// satori's formatting: rounded to 0.1, half away from zero, then number-to-string.
const satoriRound = (v: number) => `${(v < 0 ? -Math.round(-v * 10) : Math.round(v * 10)) / 10}`;

describe('glyph-path-numbers', () => {
  it('writes every number as satori does', () => {
    const values = [0, -0, 0.04, -0.04, 0.05, -0.05, 1, -1, 10, 12.34, -12.35, 99.95, 1e6 + 0.15, -0.95];
    for (let i = 0; i < 20_000; i++) values.push((Math.random() - 0.5) * 4000);
    for (const v of values) expect(tenths(v), String(v)).toBe(satoriRound(v));
  });

  it('gives the same SVG on and off', async () => {
    const text = h(
      'div',
      { display: 'flex', fontSize: 13.7, width: 300, fontStyle: 'italic' },
      'Quick brown fox, 0.5 px',
    );
    // glyph-path-cache off: it writes its own relative path data.
    const on = await render(text, { width: 300, height: 60, pictorTunings: { glyphPathCache: false } });
    const off = await render(text, {
      width: 300,
      height: 60,
      pictorTunings: { glyphPathNumbers: false, glyphPathCache: false },
    });
    expect(on).toBe(off);
    expect(on).toContain('<path');
  });
});
