/**
 * Web fonts laid out as Chromium lays them out (issue 41, LaTeX.css's Latin Modern): each repro page loads real web
 * fonts from the core's devDependencies (`url(npm/…)`: latex.css's Latin Modern, @fontsource/lato) and is compared
 * with its Chromium reference (repros/<name>.chromium.png, benchmarks/fidelity/repro-references.mjs).
 * - web-font-line-metrics: the `normal` line height and the content area from the OS/2 typographic metrics when the
 *   font sets USE_TYPO_METRICS, from hhea otherwise; the red rules between paragraphs must be on Chromium's rows.
 * - web-font-select: a drop-down as tall as its font's content area without the line gap, its text on the line of
 *   the first local face of its family list; the rules below each line of text and select on Chromium's rows.
 * - web-font-small-caps: `font-variant: small-caps` and `font-variant-caps` in faces without `smcp`, synthesised
 *   as Chromium does (capitals at 0.7 of the size, rounded); each line's ink as wide as Chromium's.
 * - web-font-list-discs: disc, circle and square markers sized from the font's typographic ascent (Latin Modern);
 *   each marker's ink box the size of Chromium's.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';
import { withNpmFonts } from './helpers/npm-fonts.js';

const dir = join(import.meta.dirname, 'repros');
const pages = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8')) as Record<
  string,
  { width: number; height: number }
>;
// The web fonts a page names as url(npm/…) are copied into this folder, the renderer's baseDir.
const folder = mkdtempSync(join(tmpdir(), 'pictor-web-font-metrics-'));
const renderer = createRenderer({ workers: 0, baseDir: folder });
afterAll(() => renderer.close());

async function renderPage(name: string): Promise<{ png: Buffer; reference: Buffer; warnings: string[] }> {
  const { width, height } = pages[name] as { width: number; height: number };
  const html = withNpmFonts(readFileSync(join(dir, `${name}.html`), 'utf8'), folder);
  const result = await renderer.render({ html, width, height, format: 'png' });
  return {
    png: result.data,
    reference: readFileSync(join(dir, `${name}.chromium.png`)),
    warnings: result.warnings,
  };
}

/** The leftmost and rightmost columns with ink (grey under 128) in each band of rows. */
async function inkSpans(png: Buffer, bands: [number, number][]): Promise<[number, number][]> {
  const { data, info } = await sharp(png)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return bands.map(([top, bottom]) => {
    let left = info.width;
    let right = -1;
    for (let y = top; y < bottom; y++) {
      for (let x = 0; x < info.width; x++) {
        if ((data[y * info.width + x] as number) < 128) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    return [left, right];
  });
}

/** The boxes of ink (grey under 160) left of column `right`, one per run of rows with ink: [top, bottom, left, right]. */
async function markerBoxes(png: Buffer, right: number): Promise<number[][]> {
  const { data, info } = await sharp(png)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const boxes: number[][] = [];
  let open: number[] | undefined;
  for (let y = 0; y < info.height; y++) {
    let l = -1;
    let r = -1;
    for (let x = 0; x < right; x++) {
      if ((data[y * info.width + x] as number) < 160) {
        if (l < 0) l = x;
        r = x;
      }
    }
    if (l < 0) {
      open = undefined;
    } else if (open) {
      open[1] = y;
      open[2] = Math.min(open[2] as number, l);
      open[3] = Math.max(open[3] as number, r);
    } else {
      open = [y, y, l, r];
      boxes.push(open);
    }
  }
  return boxes;
}

/** The rows of column `x` where a rule of the page's red (#c00) is drawn. */
async function redRows(png: Buffer, x: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rows: number[] = [];
  for (let y = 0; y < info.height; y++) {
    const i = (y * info.width + x) * 3;
    const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    if (r > 150 && g < 90 && b < 90) rows.push(y);
  }
  return rows;
}

describe('web-font-line-metrics', () => {
  it('stacks lines of Latin Modern (USE_TYPO_METRICS) and Lato (hhea) on the rows Chromium does', async () => {
    const { png, reference, warnings } = await renderPage('web-font-line-metrics');
    expect(warnings).toEqual([]);
    // x 250: right of the Latin Modern column's text; x 590: right of Lato's.
    for (const x of [250, 590]) expect(await redRows(png, x)).toEqual(await redRows(reference, x));
    const { mean, far } = await distanceFromReference(png, reference);
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});

describe('web-font-select', () => {
  it('makes drop-downs in Latin Modern and Lato as tall as Chromium does, each line of text where it puts it', async () => {
    const { png, reference, warnings } = await renderPage('web-font-select');
    expect(warnings).toEqual([]);
    expect(await redRows(png, 400)).toEqual(await redRows(reference, 400));
    const { mean, far } = await distanceFromReference(png, reference);
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});

describe('web-font-small-caps', () => {
  it('synthesises small capitals where the face has none, each line as wide as in Chromium', async () => {
    const { png, reference, warnings } = await renderPage('web-font-small-caps');
    expect(warnings).toEqual([]);
    // One band per line of the page (its lines are 20-26 px apart from y 8).
    const bands: [number, number][] = [
      [8, 26],
      [28, 44],
      [46, 72],
      [74, 92],
      [94, 114],
      [116, 138],
      [140, 162],
      [164, 190],
    ];
    const ours = await inkSpans(png, bands);
    const theirs = await inkSpans(reference, bands);
    for (const [i, [left, right]] of ours.entries()) {
      // Within antialiasing: a glyph's faint edge may cross the threshold on one side and not the other.
      expect(Math.abs(left - (theirs[i]?.[0] ?? 0))).toBeLessThanOrEqual(2);
      expect(Math.abs(right - (theirs[i]?.[1] ?? 0))).toBeLessThanOrEqual(2);
    }
    const { mean, far } = await distanceFromReference(png, reference);
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});

describe('web-font-list-discs', () => {
  it("sizes disc, circle and square markers from the font's typographic ascent, as Chromium does", async () => {
    const { png, reference, warnings } = await renderPage('web-font-list-discs');
    expect(warnings).toEqual([]);
    // The markers of the four lists of symbols (x < 36; the decimal list's `1.` starts further left).
    const ours = (await markerBoxes(png, 36)).slice(0, 5);
    const theirs = (await markerBoxes(reference, 36)).slice(0, 5);
    expect(ours.length).toBe(5);
    for (const [i, box] of ours.entries()) {
      const size = ([top, bottom, left, right]: number[]) => [
        (bottom as number) - (top as number),
        (right as number) - (left as number),
      ];
      const [h, w] = size(box);
      const [H, W] = size(theirs[i] as number[]);
      expect(Math.abs((h as number) - (H as number))).toBeLessThanOrEqual(1);
      expect(Math.abs((w as number) - (W as number))).toBeLessThanOrEqual(1);
      expect(Math.abs((box[0] as number) - ((theirs[i] as number[])[0] as number))).toBeLessThanOrEqual(1);
    }
    const { mean, far } = await distanceFromReference(png, reference);
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
