/**
 * Kerning between a space and the next word (issue 41, vivliostyle-gutenberg-sherlock): Chromium shapes a run of
 * text whole, so a font's pairs with the space (Roboto Flex's " T") move every word after one; words measured one
 * by one lost them. The repro page (repros/word-kerning.html, Roboto Flex from the core's devDependencies) has boxes
 * as wide as their text and paragraphs as wide as Chromium's kerned line, which an unkerned line overflows: each
 * line's ink must end where Chromium's does, and the page must match its reference.
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
const { width, height } = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'))['word-kerning'] as {
  width: number;
  height: number;
};
const folder = mkdtempSync(join(tmpdir(), 'pictor-word-kerning-'));
const renderer = createRenderer({ workers: 0, baseDir: folder });
afterAll(() => renderer.close());

/** The rightmost column with ink (grey under 128) in each of the page's four lines (50 px tall, 60 px apart). */
async function lineEnds(png: Buffer): Promise<number[]> {
  const { data, info } = await sharp(png)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [0, 1, 2, 3].map((line) => {
    let right = -1;
    for (let y = 8 + line * 60; y < 8 + line * 60 + 50; y++)
      for (let x = 0; x < info.width; x++)
        if ((data[y * info.width + x] as number) < 128) right = Math.max(right, x);
    return right;
  });
}

describe('word-kerning', () => {
  it('kerns a space with the next word as Chromium does: lines end where Chromium’s end', async () => {
    const html = withNpmFonts(readFileSync(join(dir, 'word-kerning.html'), 'utf8'), folder);
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const reference = readFileSync(join(dir, 'word-kerning.chromium.png'));
    const ours = await lineEnds(result.data);
    const chromium = await lineEnds(reference);
    for (const [i, end] of ours.entries())
      expect(Math.abs(end - (chromium[i] as number))).toBeLessThanOrEqual(1);
    const { mean, far } = await distanceFromReference(result.data, reference);
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
