/**
 * Issue 17: line boxes with `line-height: normal` as Chromium makes them (round(ascent) + round(descent) +
 * round(line gap), the satori change `line-height-normal`, packages/satori). The repro page has 30 lines in each of
 * three built-in faces; the last line's ink must end within 1 px of where Chromium's does (unrounded line boxes
 * ended 20–25 px off, higher or lower with the face and size). Explicit fractional line heights (`1.4` of 16px =
 * 22.4px) stack at their exact height, as Chromium stacks them (the patch `line-height-exact`; rounded per line they
 * ended up to 15 px off). A line-height given as a length is inherited as that length, whatever the child's font
 * size (the patch `line-height-length-inherits`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The last row between x0 and x1 with a pixel darker than mid-grey. */
async function lastInkRow(png: Buffer, x0: number, x1: number): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let y = info.height - 1; y >= 0; y--) {
    for (let x = x0; x < x1; x++) if ((data[y * info.width + x] as number) < 128) return y;
  }
  return -1;
}

/** The last line of a column (x0–x1) of a repro page ends within 1 px of where Chromium's does. */
async function expectColumnsLikeChromium(page: string, x0: number, x1: number, width = 660): Promise<void> {
  const html = readFileSync(join(dir, `${page}.html`), 'utf8');
  const result = await renderer.render({ html, width, height: 720, format: 'png' });
  const reference = readFileSync(join(dir, `${page}.chromium.png`));
  const ours = await lastInkRow(result.data, x0, x1);
  const chromium = await lastInkRow(reference, x0, x1);
  expect(chromium).toBeGreaterThan(300);
  expect(Math.abs(ours - chromium)).toBeLessThanOrEqual(1);
}

describe('line-height: normal over 30 lines', () => {
  const columns = [
    { face: 'Inter 15px', x0: 0, x1: 220 },
    { face: 'Noto Serif 12px', x0: 220, x1: 440 },
    { face: 'JetBrains Mono 18px', x0: 440, x1: 660 },
  ];
  it.each(columns)('$face: the 30th line ends within 1 px of Chromium', ({ x0, x1 }) =>
    expectColumnsLikeChromium('line-height-normal', x0, x1),
  );
});

describe('fractional line heights over 30 lines (patch line-height-exact)', () => {
  const columns = [
    { lines: 'Noto Serif 16px × 1.4 = 22.4px, one paragraph', x0: 0, x1: 220 },
    { lines: 'Inter 15px × 1.5 = 22.5px, one block each', x0: 220, x1: 440 },
    { lines: 'JetBrains Mono 13px × 1.3 = 16.9px, one paragraph', x0: 440, x1: 660 },
  ];
  it.each(columns)('$lines: the 30th line ends within 1 px of Chromium', ({ x0, x1 }) =>
    expectColumnsLikeChromium('line-height-fractional', x0, x1),
  );
});

describe('a line-height length is inherited as the length (patch line-height-length-inherits)', () => {
  const columns = [
    { lines: '16px text under 1.6em of 14px (22.4px)', x0: 0, x1: 220 },
    { lines: '20px text under 24px', x0: 220, x1: 440 },
    { lines: '11px inline text under 150% of 12px (18px)', x0: 440, x1: 660 },
    { lines: '16px text under a unitless 1.6 (25.6px, the control)', x0: 660, x1: 880 },
  ];
  it.each(columns)('$lines: the 20th line ends within 1 px of Chromium', ({ x0, x1 }) =>
    expectColumnsLikeChromium('line-height-length-inherits', x0, x1, 880),
  );
});

/** The first row of each run of rows between x0 and x1 with a pixel darker than mid-grey. */
async function inkRunStarts(png: Buffer, x0: number, x1: number): Promise<number[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const starts: number[] = [];
  let inked = false;
  for (let y = 0; y < info.height; y++) {
    let ink = false;
    for (let x = x0; x < x1 && !ink; x++) ink = (data[y * info.width + x] as number) < 128;
    if (ink && !inked) starts.push(y);
    inked = ink;
  }
  return starts;
}

describe('lines of paragraphs at fractional positions (patch line-tops-from-exact-box)', () => {
  const columns = [
    { lines: 'text only', x0: 8, x1: 30 },
    { lines: 'with an inline box', x0: 224, x1: 246 },
  ];
  it.each(columns)('$lines: every line drawn on the pixel row Chromium draws it on', async ({ x0, x1 }) => {
    const page = 'line-tops-from-exact-box';
    const html = readFileSync(join(dir, `${page}.html`), 'utf8');
    const result = await renderer.render({ html, width: 440, height: 410, format: 'png' });
    const chromium = await inkRunStarts(readFileSync(join(dir, `${page}.chromium.png`)), x0, x1);
    expect(chromium.length).toBeGreaterThanOrEqual(16);
    expect(await inkRunStarts(result.data, x0, x1)).toEqual(chromium);
  });
});
