/**
 * Pictor (measure-text-whole, speed only): without `graphemeImages` no grapheme can be a picture, so a text is measured
 * as one run instead of being cut into graphemes (Intl.Segmenter) and joined again. The same SVG as the grapheme path,
 * which a render with `graphemeImages` takes (here a picture for a grapheme the text does not hold), for plain
 * text, text in inline boxes, tabs and justified lines; the counts say which path measured.
 */
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

const built = await import(
  process.env.PICTOR_SATORI_DIST
    ? new URL(`file://${process.env.PICTOR_SATORI_DIST}`).href
    : '../dist/index.js'
);
const measureStats = built.pictorMeasureStats as (() => { whole: number; graphemes: number }) | undefined;

const emoji = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#fc0"/></svg>',
)}`;

const words =
  'Sherlock Holmes took his bottle from the corner of the mantelpiece, café naïve — ffi “quoted” 1,234.';
const page = h(
  'div',
  { display: 'flex', flexDirection: 'column', width: 360, fontSize: 15, fontFamily: 'Inter' },
  h('div', { textAlign: 'justify' }, `${words} ${words}`),
  h('div', { whiteSpace: 'pre', tabSize: 4 }, 'a\tb\t\tcd\tefg'),
  h(
    'div',
    { display: 'block', textAlign: 'justify' },
    'Inline ',
    h('span', { fontWeight: 700 }, 'bold words here'),
    ` and ${words}`,
  ),
);

const stats = () => measureStats?.() ?? { whole: Number.NaN, graphemes: Number.NaN };

describe('text measured whole without grapheme images', () => {
  it('the same SVG as measured grapheme by grapheme', async () => {
    const before = stats();
    const whole = await render(page, { width: 360, height: 400, fonts });
    const middle = stats();
    const graphemes = await render(page, { width: 360, height: 400, fonts, graphemeImages: { '👍': emoji } });
    const after = stats();
    expect(middle.whole - before.whole).toBeGreaterThan(10);
    expect(middle.graphemes - before.graphemes).toBe(0);
    expect(after.graphemes - middle.graphemes).toBeGreaterThan(10);
    expect(after.whole - middle.whole).toBe(0);
    expect(whole.length).toBeGreaterThan(2000);
    expect(whole).toBe(graphemes);
  });
});
