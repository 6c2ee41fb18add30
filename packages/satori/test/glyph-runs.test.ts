// Pictor tuning glyph-runs (speed only): with the `glyphRuns` option, text runs are handed over as data and their
// path data is a token `~N`; written out, they are the same pixels. Also covered by
// packages/core/test/layout-glyph-runs.test.ts.
import { describe, expect, it } from 'vitest';
import { tenthsText } from '../src/pictor-numbers.js';
import { h, pixels, render } from './render.js';

/** The SVG with each `~N` token written out as path data. */
function expand(svg: string, runs: unknown[][]): string {
  return svg.replace(/d="(~[^"]*)"/g, (_, tokens: string) => {
    let data = '';
    for (const [, n] of tokens.matchAll(/~(\d+)/g)) {
      const run = runs[Number(n)];
      for (let i = 0; i < run.length; i += 3) {
        const [x, y, t] = [run[i] as number, run[i + 1] as number, run[i + 2] as string];
        data += Number.isNaN(x) ? t : `M${tenthsText(x)} ${tenthsText(y)}${t}`;
      }
    }
    return `d="${data}"`;
  });
}

const element = h(
  'div',
  { display: 'flex', flexDirection: 'column', width: 400, fontSize: 18 },
  h('div', { display: 'flex' }, 'Regular text, twice: regular text.'),
  h('div', { display: 'flex', fontStyle: 'italic' }, 'Slanted'),
  h('div', { display: 'flex', fontWeight: 700 }, 'Bold'),
  h('div', { display: 'flex', marginLeft: -6 }, 'Off the left edge'),
);

describe('glyph-runs', () => {
  it('hands text over as runs whose expansion gives the same pixels', async () => {
    const runs: unknown[][] = [];
    const svg = await render(element, { width: 400, height: 120, glyphRuns: runs });
    expect(svg).toMatch(/d="~\d/);
    expect(runs.length).toBeGreaterThan(2);
    const plain = await render(element, { width: 400, height: 120 });
    expect(Buffer.compare(await pixels(expand(svg, runs)), await pixels(plain))).toBe(0);
  });

  it('is off with pictorTunings.glyphRuns: false, the array left empty', async () => {
    const runs: unknown[][] = [];
    const svg = await render(element, {
      width: 400,
      height: 120,
      glyphRuns: runs,
      pictorTunings: { glyphRuns: false },
    });
    expect(svg).not.toMatch(/d="~/);
    expect(runs).toEqual([]);
  });
});
