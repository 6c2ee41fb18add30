/**
 * Vertical writing (issue 40.7) against Chromium: the repro pages test/repros/vertical-*.html (references made by
 * `node benchmarks/fidelity/repro-references.mjs vertical-…` with Noto Sans JP from @pictor/fonts-cjk, as here).
 * Dense CJK text differs from Chromium's by antialiasing more than html-chromium-repros.test.ts allows, so each page
 * is checked column by column: the ink of every column (its left and right edge, where it starts and ends) where
 * Chromium puts it, within a pixel or two, and the whole image within a mean difference that a page laid out
 * horizontally (or with a column in the wrong place) exceeds by far.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { type GreyImage, greyPixels } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const pages = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8')) as Record<
  string,
  { width: number; height: number }
>;
const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

/** A column of ink: a run of image columns with a dark pixel, its extent down the page. */
interface Band {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The columns of ink (pixels darker than 128) inside `area` [x0, y0, x1, y1]. */
function bands(image: GreyImage, [x0, y0, x1, y1]: number[]): Band[] {
  const found: Band[] = [];
  let current: Band | undefined;
  for (let x = x0 as number; x < (x1 as number); x++) {
    let top = Number.POSITIVE_INFINITY;
    let bottom = -1;
    for (let y = y0 as number; y < (y1 as number); y++) {
      if ((image.data[y * image.width + x] as number) < 128) {
        top = Math.min(top, y);
        bottom = y + 1;
      }
    }
    if (bottom < 0) {
      current = undefined;
    } else if (current) {
      current.right = x + 1;
      current.top = Math.min(current.top, top);
      current.bottom = Math.max(current.bottom, bottom);
    } else {
      current = { left: x, right: x + 1, top, bottom };
      found.push(current);
    }
  }
  return found;
}

function meanDifference(a: GreyImage, b: GreyImage) {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] as number) - (b.data[i] as number));
  return sum / a.data.length;
}

// The area of each page holding its vertical text (the ticket's stub, inside its borders), and how far its ink may
// be from Chromium's: columns on whole pixels as Chromium puts them (1 px when a column's edge is fractional, as in
// vertical-combine-upright's 35.2 px columns; see docs/layout-engine.md), column ends within antialiasing and the
// sideways Latin runs, whose lengths differ by a few pixels.
const cases: Record<string, { area: number[]; edge: number; end: number; mean: number }> = {
  'vertical-rl-paragraph': { area: [0, 0, 360, 260], edge: 1, end: 6, mean: 4 },
  'vertical-lr-upright': { area: [0, 0, 360, 240], edge: 1, end: 4, mean: 4 },
  'vertical-combine-upright': { area: [0, 0, 200, 280], edge: 1, end: 2, mean: 7 },
  'vertical-ticket-stub': { area: [505, 25, 578, 238], edge: 1, end: 3, mean: 4 },
  // Block layout in vertical writing (vertical-blocks): a heading with a background, paragraphs with margins and a
  // box with padding, border and background, stacked right to left (rl) and left to right (lr). The area leaves
  // out the horizontal borders (of the card, of the note, of the lr heading), so each column is a band of its own.
  'vertical-rl-blocks': { area: [0, 45, 480, 285], edge: 1, end: 3, mean: 4 },
  'vertical-lr-blocks': { area: [0, 20, 420, 235], edge: 1, end: 3, mean: 4 },
  // Images and an inline SVG upright in their columns (vertical-images), each centred on its column as Chromium
  // places them with vertical-align: baseline; the 16×32 one is 32 px along its column.
  'vertical-rl-ua-margins': { area: [0, 0, 360, 260], edge: 1, end: 3, mean: 4 },
  // A whole page in vertical-rl (the root element's writing mode): blocks from the right edge of the page.
  'vertical-rl-page': { area: [0, 0, 520, 300], edge: 1, end: 3, mean: 4 },
  'vertical-rl-images': { area: [0, 0, 240, 260], edge: 1, end: 2, mean: 2 },
  // Percent widths of a vertical block's children, list markers before their columns' start (disc, square,
  // circle, decimal: vertical-list-markers) and an image with vertical-align: middle (vertical-align-middle).
  'vertical-rl-leftovers': { area: [0, 0, 500, 230], edge: 1, end: 2, mean: 2 },
};

describe.each(Object.entries(cases))('%s', (name, { area, edge, end, mean }) => {
  it('lays its columns out where Chromium does, without warnings', async () => {
    const { width, height } = pages[name] as { width: number; height: number };
    const html = readFileSync(join(dir, `${name}.html`), 'utf8');
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await greyPixels(result.data);
    const reference = await greyPixels(readFileSync(join(dir, `${name}.chromium.png`)));
    const expected = bands(reference, area);
    const actual = bands(ours, area);
    expect(actual.length).toBe(expected.length);
    for (const [i, band] of expected.entries()) {
      const got = actual[i] as Band;
      expect(Math.abs(got.left - band.left), `column ${i} left`).toBeLessThanOrEqual(edge);
      expect(Math.abs(got.right - band.right), `column ${i} right`).toBeLessThanOrEqual(edge);
      expect(Math.abs(got.top - band.top), `column ${i} top`).toBeLessThanOrEqual(end);
      expect(Math.abs(got.bottom - band.bottom), `column ${i} bottom`).toBeLessThanOrEqual(end);
    }
    expect(meanDifference(ours, reference)).toBeLessThan(mean);
  });
});

describe('writing-mode: horizontal-tb inside vertical writing', () => {
  it('is not laid out horizontally (an orthogonal flow), and the render says so', async () => {
    const html = `<div style="writing-mode: vertical-rl; height: 200px; font-family: 'Noto Sans JP'">縦書き<div
      style="writing-mode: horizontal-tb">Horizontal</div>続き</div>`;
    const result = await renderer.render({ html, width: 200, height: 220, format: 'png' });
    expect(result.warnings).toEqual([
      'CSS ignored: writing-mode: horizontal-tb inside vertical writing is not laid out horizontally; its text is set in the vertical columns',
    ]);
  });
});
