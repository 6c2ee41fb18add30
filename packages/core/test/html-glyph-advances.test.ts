/**
 * Issue 40, item 1: advances by the face's source (`textPositioning`, default `auto`): the built-in faces, local fonts
 * to Chromium, whole pixels; faces from `@font-face` and `fonts`, web fonts, fractional (repro
 * `advances-per-font-source`).
 *
 * Issue 17: text measured and placed as Chromium on Linux does at device scale 1 — each glyph's advance and its
 * kerning rounded to whole pixels apart (the satori change `glyph-advances-whole-pixels`, packages/satori). With
 * satori's fractional advances a line came out a few px narrower than Chromium's and took one more word: the repro's
 * paragraph (from the postmark mails) kept "the" on its first line. The layout is computed in CSS pixels whatever the
 * device scale (docs/contract/decisions.md "Device scale"), so a 2× render has the same advances, each two device
 * pixels per CSS pixel (Chromium at device scale 2 would keep fractions of a CSS pixel, and wrap a line differently
 * now and then).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const page = 'glyph-advances-whole-pixels';
const html = readFileSync(join(dir, `${page}.html`), 'utf8');
const reference = readFileSync(join(dir, `${page}.chromium.png`));
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

async function raster(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Width of the run of the spans' background (#1e3a8a, within antialiasing) along row y. */
function backgroundRun({ data, width }: Raster, y: number): number {
  let first = -1;
  let last = -1;
  for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 3;
    const isBackground =
      Math.abs((data[i] as number) - 0x1e) < 24 &&
      Math.abs((data[i + 1] as number) - 0x3a) < 24 &&
      Math.abs((data[i + 2] as number) - 0x8a) < 24;
    if (isBackground) {
      if (first < 0) first = x;
      last = x;
    }
  }
  return first < 0 ? 0 : last - first + 1;
}

/** The rightmost dark pixel (text ink) between rows y0 and y1. */
function lastInkColumn({ data, width }: Raster, y0: number, y1: number): number {
  let right = -1;
  for (let y = y0; y < y1; y++)
    for (let x = 0; x < width; x++)
      if ((data[(y * width + x) * 3] as number) < 128) right = Math.max(right, x);
  return right;
}

// Rows through the middle of each span's box: boxes at 8–28, 36–70 and 78–98 (20, 34 and 20 px lines, 8 px margins
// collapsed between them); the paragraph's first line at 106–126.
const ROWS = { iii: 18, bold: 53, kerned: 88 };

describe('glyph advances in whole pixels at scale 1', () => {
  it('boxes as wide as Chromium makes them: 40 px for ten Inter 16px i, 236 px for Inter Bold 28px', async () => {
    const result = await renderer.render({ html, width: 520, height: 200, format: 'png' });
    const ours = await raster(result.data);
    const chromium = await raster(reference);
    expect(backgroundRun(chromium, ROWS.iii)).toBe(40);
    expect(backgroundRun(chromium, ROWS.bold)).toBe(236);
    for (const y of Object.values(ROWS)) expect(backgroundRun(ours, y)).toBe(backgroundRun(chromium, y));
  });

  it('wraps the paragraph where Chromium does: its first line ends at the same word', async () => {
    const result = await renderer.render({ html, width: 520, height: 200, format: 'png' });
    const paragraphFirstLine = [106, 126] as const;
    const chromium = lastInkColumn(await raster(reference), ...paragraphFirstLine);
    const ours = lastInkColumn(await raster(result.data), ...paragraphFirstLine);
    // "…fully try out" ends at x 461; with "the" kept on the line it ended near x 487.
    expect(chromium).toBeLessThan(470);
    expect(Math.abs(ours - chromium)).toBeLessThanOrEqual(1);
  });
});

describe('the same layout at device scale 2', () => {
  it('ten Inter 16px i are 40 CSS px there too: 80 pixels', async () => {
    const result = await renderer.render({ html, width: 520, height: 200, scale: 2, format: 'png' });
    expect(backgroundRun(await raster(result.data), ROWS.iii * 2)).toBe(80);
  });
});

/** Width of the run of painted (not white) pixels along row y: a span's box with its antialiased edge. */
function paintedRun({ data, width }: Raster, y: number): number {
  let first = -1;
  let last = -1;
  for (let x = 0; x < width; x++) {
    if ((data[(y * width + x) * 3] as number) < 250) {
      if (first < 0) first = x;
      last = x;
    }
  }
  return first < 0 ? 0 : last - first + 1;
}

describe("advances by the face's source (textPositioning)", () => {
  const sourcePage = 'advances-per-font-source';
  const sourceHtml = readFileSync(join(dir, `${sourcePage}.html`), 'utf8');
  const sourceReference = readFileSync(join(dir, `${sourcePage}.chromium.png`));
  // Spans of ten 16px i at rows 8–28 (local Inter) and 36–56 (the same file by @font-face); the web face's
  // paragraph's sixth line, "day.", at 272–292 (the local face's paragraph has five lines).
  const local = 18;
  const web = 46;
  const sixthLine = [272, 292] as const;
  const render = async (textPositioning?: 'auto' | 'fractional' | 'whole-pixel') =>
    raster(
      (
        await renderer.render({
          html: sourceHtml,
          width: 400,
          height: 330,
          format: 'png',
          ...(textPositioning ? { textPositioning } : {}),
        })
      ).data,
    );

  it('by default, as Chromium: the local face 40 px, the web face 38.75 (39 with its antialiased edge), wrapped as there', async () => {
    const chromium = await raster(sourceReference);
    expect(paintedRun(chromium, local)).toBe(40);
    expect(paintedRun(chromium, web)).toBe(39);
    expect(lastInkColumn(chromium, ...sixthLine)).toBeGreaterThan(0);
    const ours = await render();
    expect(paintedRun(ours, local)).toBe(40);
    expect(paintedRun(ours, web)).toBe(39);
    expect(
      Math.abs(lastInkColumn(ours, ...sixthLine) - lastInkColumn(chromium, ...sixthLine)),
    ).toBeLessThanOrEqual(1);
  });

  it("'whole-pixel' rounds the web face's advances too, 'fractional' the built-in face's", async () => {
    const whole = await render('whole-pixel');
    expect([paintedRun(whole, local), paintedRun(whole, web)]).toEqual([40, 40]);
    expect(lastInkColumn(whole, ...sixthLine)).toBe(-1);
    const fractional = await render('fractional');
    expect([paintedRun(fractional, local), paintedRun(fractional, web)]).toEqual([39, 39]);
  });
});
