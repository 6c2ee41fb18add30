/**
 * Issue 40, item 5: the page's own emoji font wins over Twemoji (satori change `own-emoji-font`). The repro
 * (test/repros/own-emoji-font.html, Chromium reference beside it) loads Noto Emoji (@expo-google-fonts/noto-emoji,
 * OFL-1.1, monochrome) by @font-face into its font-family list: Chromium draws ❤️, ☀️, ✔️ and ⭐️ with it, in the
 * text's colour; Pictor drew Twemoji's coloured pictures for those with U+FE0F.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { withNpmFonts } from './helpers/npm-fonts.js';

const dir = join(import.meta.dirname, 'repros');
const folder = mkdtempSync(join(tmpdir(), 'pictor-emoji-font-'));
const page = withNpmFonts(readFileSync(join(dir, 'own-emoji-font.html'), 'utf8'), folder);
const reference = readFileSync(join(dir, 'own-emoji-font.chromium.png'));
const renderer = createRenderer({ workers: 0, baseDir: folder });
afterAll(() => renderer.close());

async function rgb(png: Buffer) {
  const { data } = await sharp(png).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  return data;
}

/** Pixels with colour (a channel 60 apart from another): Twemoji's pictures; the text and Noto Emoji are grey. */
function coloured(data: Buffer): number {
  let count = 0;
  for (let i = 0; i < data.length; i += 3) {
    const channels = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    if (Math.max(...channels) - Math.min(...channels) > 60) count++;
  }
  return count;
}

describe("the page's own emoji font", () => {
  it('draws the emoji as Chromium does, in the text colour, with no Twemoji picture', async () => {
    const result = await renderer.render({ html: page, width: 320, height: 120, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await rgb(result.data);
    const chromium = await rgb(reference);
    expect(coloured(chromium)).toBe(0);
    expect(coloured(ours)).toBe(0);
    let sum = 0;
    for (let i = 0; i < ours.length; i++) sum += Math.abs((ours[i] as number) - (chromium[i] as number));
    // Antialiasing only: a Twemoji picture or a glyph in the wrong place moves the mean far more.
    expect(sum / ours.length).toBeLessThan(4);
  });
});
