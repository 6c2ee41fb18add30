/**
 * Right-to-left paragraphs in the installed script faces (@pictor/fonts-world) against Chromium (issue 40.2/40.3):
 * the repro pages with `"test": "html-rtl-text.test.ts"` in repros.json (Hebrew with niqqud). Each line of Chromium's
 * drawing (rows of ink, marks joined to their letters) must have its letters where Chromium has them — no more than
 * ODD_COLUMNS columns with ink in one drawing and none within 1 px in the other, the line's top and bottom (its
 * marks) within 1 px — and the page must be within antialiasing (mean difference under 4). The share of far-off pixels that html-chromium-repros.test.ts also limits
 * is not used here: thin strokes and dots at fractional x (these faces keep fractional advances, as in Chromium) are
 * drawn by Skia with hinting, by resvg without, which alone moves more than 1% of a page of pointed text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const all = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8')) as Record<
  string,
  { width: number; height: number; issue: string; test?: string }
>;
const cases = Object.entries(all).filter(([, page]) => page.test === 'html-rtl-text.test.ts');
const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const INK = 160;
/** Rows without ink that still join two bands (a mark over or under its letters). */
const MARK_GAP = 3;
/** Columns of a line allowed to differ (a thin stroke Skia draws darker than resvg). */
const ODD_COLUMNS = 3;

interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

async function grey(png: Buffer): Promise<Grey> {
  const { data, info } = await sharp(png)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const rowHasInk = (image: Grey, y: number) => {
  for (let x = 0; x < image.width; x++) if ((image.data[y * image.width + x] as number) < INK) return true;
  return false;
};

/** The lines: bands of rows with ink, joined across gaps of up to MARK_GAP rows. */
function lines(image: Grey): { top: number; bottom: number }[] {
  const found: { top: number; bottom: number }[] = [];
  for (let y = 0; y < image.height; y++) {
    if (!rowHasInk(image, y)) continue;
    const last = found.at(-1);
    if (last && y - last.bottom <= MARK_GAP + 1) last.bottom = y;
    else found.push({ top: y, bottom: y });
  }
  return found;
}

/** Which columns of rows top..bottom have ink. */
function inkColumns(image: Grey, top: number, bottom: number): boolean[] {
  return Array.from({ length: image.width }, (_, x) => {
    for (let y = top; y <= bottom; y++) if ((image.data[y * image.width + x] as number) < INK) return true;
    return false;
  });
}

/**
 * The columns with ink in one drawing and none within 1 px in the other: a word 2 px away from Chromium's gives
 * two at each of its letters' edges.
 */
function oddColumns(a: boolean[], b: boolean[]): number[] {
  const near = (c: boolean[], x: number) => c[x - 1] === true || c[x] === true || c[x + 1] === true;
  return a.map((_, x) => x).filter((x) => (a[x] && !near(b, x)) || (b[x] && !near(a, x)));
}

/** The first and last rows with ink between top and bottom. */
function inkRows(image: Grey, top: number, bottom: number): [number, number] {
  let first = -1;
  let last = -1;
  for (let y = Math.max(0, top); y <= Math.min(image.height - 1, bottom); y++) {
    if (!rowHasInk(image, y)) continue;
    if (first < 0) first = y;
    last = y;
  }
  return [first, last];
}

describe.each(cases)('%s', (name, { width, height }) => {
  it('every word and mark of every line where Chromium puts it, the page within antialiasing', async () => {
    const html = readFileSync(join(dir, `${name}.html`), 'utf8');
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await grey(result.data);
    const chromium = await grey(readFileSync(join(dir, `${name}.chromium.png`)));
    const off: string[] = [];
    const chromiumLines = lines(chromium);
    expect(chromiumLines.length).toBeGreaterThan(2);
    for (const { top, bottom } of chromiumLines) {
      const [ourTop, ourBottom] = inkRows(ours, top - MARK_GAP, bottom + MARK_GAP);
      if (Math.abs(ourTop - top) > 1 || Math.abs(ourBottom - bottom) > 1) {
        off.push(`line ${top}–${bottom}: ours ${ourTop}–${ourBottom}`);
      }
      const odd = oddColumns(inkColumns(ours, top, bottom), inkColumns(chromium, top, bottom));
      if (odd.length > ODD_COLUMNS)
        off.push(`line ${top}–${bottom}: ink in one drawing only at x ${odd.join(' ')}`);
    }
    expect(off).toEqual([]);
    let sum = 0;
    for (let i = 0; i < ours.data.length; i++) {
      sum += Math.abs((ours.data[i] as number) - (chromium.data[i] as number));
    }
    expect(sum / ours.data.length).toBeLessThan(4);
  });
});
