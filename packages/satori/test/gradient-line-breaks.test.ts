// Pictor change gradient-line-breaks: css-gradient-parser reads a gradient's arguments with `(.+)`, which stops at a
// line break, so a gradient written over several lines (as style sheets often do) matched nothing and satori threw
// "object null is not iterable": the whole render failed. A gradient's white space is collapsed first; it draws as
// the same gradient on one line. Chromium repro: packages/core/test/repros/gradient-line-breaks.html.
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

const box = (backgroundImage: string) =>
  render(h('div', { width: 60, height: 40, backgroundImage }), { width: 60, height: 40 });

describe('a gradient written over several lines', () => {
  for (const oneLine of [
    'linear-gradient(to right, red, rgba(0, 0, 255, 0.5) 80%)',
    'repeating-linear-gradient(45deg, #c33 0 4px, transparent 4px 10px)',
    'radial-gradient(circle at 20% 30%, red, blue)',
    'conic-gradient(from 90deg, red, blue)',
  ]) {
    it(`${oneLine.slice(0, oneLine.indexOf('('))}: drawn as on one line`, async () => {
      const multiLine = oneLine.replace('(', '(\n  ').replaceAll(', ', ',\n\t  ').replace(/\)$/, '\n)');
      expect(multiLine).toContain('\n');
      expect(await box(multiLine)).toBe(await box(oneLine));
    });
  }
});

describe('a gradient without arguments', () => {
  it('is an invalid image: reported and dropped, the render goes on', async () => {
    for (const image of ['linear-gradient()', 'radial-gradient( )', 'repeating-conic-gradient(\n)']) {
      const errors: string[] = [];
      const svg = await render(
        h('div', { width: 60, height: 40, backgroundColor: 'red', backgroundImage: image }),
        {
          width: 60,
          height: 40,
          onStyleError: (e: Error) => errors.push(e.message),
        },
      );
      expect(svg).toContain('fill="red"');
      expect(errors).toEqual([`Invalid background image: "${image}"`]);
    }
  });
});
