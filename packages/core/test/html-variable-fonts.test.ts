/**
 * Issue 40, item 8: variable fonts serve every instance CSS asks for (satori change `variable-fonts`), in WOFF2 and
 * TTF, from `@font-face` and from the `fonts` option. The repro (test/repros/variable-fonts.html, Chromium reference
 * beside it) draws Inter's variable font (@fontsource-variable/inter, OFL-1.1) at wght 100, 400, 650 and 900 and
 * Roboto Flex's (@fontsource-variable/roboto-flex, OFL-1.1) with font-stretch, an oblique angle and
 * font-variation-settings. Without the change every row came out at the default instance (400, width 100, upright).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { toSfnt } from '../src/fonts/font-format.js';
import { createRenderer } from '../src/index.js';
import { withNpmFonts } from './helpers/npm-fonts.js';

const require = createRequire(import.meta.url);
const dir = join(import.meta.dirname, 'repros');
const page = readFileSync(join(dir, 'variable-fonts.html'), 'utf8');
const reference = readFileSync(join(dir, 'variable-fonts.chromium.png'));
// The fonts as files beside the page (Roboto Flex's full axes are too large for a data: URI within the limits).
const folder = mkdtempSync(join(tmpdir(), 'pictor-variable-'));
const renderer = createRenderer({ workers: 0, baseDir: folder });
afterAll(() => renderer.close());

const INTER = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
const file = (path: string) => readFileSync(require.resolve(path));
/** The page with its url(npm/…) fonts copied beside it (Inter's named `inter`, a file name, when given). */
const withFonts = (html: string, inter?: string) =>
  withNpmFonts(inter ? html.replace(`url(npm/${INTER})`, `url(${inter})`) : html, folder);

async function gray(png: Buffer) {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({
    resolveWithObject: true,
  });
  return { data, width: info.width, height: info.height };
}

/** Per text row (30 px lines from y 8): the rightmost inked column and the ink (sum of darkness). */
function rows({ data, width }: { data: Buffer; width: number }) {
  return Array.from({ length: 7 }, (_, row) => {
    let right = -1;
    let ink = 0;
    for (let y = 8 + row * 30; y < 38 + row * 30; y++) {
      for (let x = 0; x < width; x++) {
        const dark = 255 - (data[y * width + x] as number);
        ink += dark;
        if (dark > 40) right = Math.max(right, x);
      }
    }
    return { right, ink };
  });
}

const render = async (html: string, options: Record<string, unknown> = {}) =>
  (await renderer.render({ html, width: 560, height: 230, format: 'png', ...options })).data;

describe('variable fonts', () => {
  it('draws every instance as Chromium does: each row as long (±2 px) and as heavy (±8%) as there', async () => {
    const result = await renderer.render({ html: withFonts(page), width: 560, height: 230, format: 'png' });
    // `font-weight: 100 900` in @font-face is a range, not an invalid value.
    expect(result.warnings).toEqual([]);
    const ours = rows(await gray(result.data));
    const chromium = rows(await gray(reference));
    // The weights differ from each other by far more than the tolerance: 100 < 400 < 650 < 900.
    expect(chromium[0]!.ink).toBeLessThan(chromium[1]!.ink * 0.7);
    expect(chromium[3]!.ink).toBeGreaterThan(chromium[2]!.ink * 1.15);
    for (const [i, row] of chromium.entries()) {
      expect(
        Math.abs(ours[i]!.right - row.right),
        `row ${i} ends at ${ours[i]!.right}, Chromium ${row.right}`,
      ).toBeLessThanOrEqual(2);
      expect(Math.abs(ours[i]!.ink / row.ink - 1), `row ${i} ink`).toBeLessThan(0.08);
    }
  });

  it('the same font as TTF draws the same pixels as its WOFF2', async () => {
    writeFileSync(join(folder, 'inter.ttf'), await toSfnt(file(INTER)));
    const fromWoff2 = await render(withFonts(page));
    const fromTtf = await render(withFonts(page, 'inter.ttf'));
    expect((await gray(fromTtf)).data.equals((await gray(fromWoff2)).data)).toBe(true);
  });

  it('a variable font from the fonts option, given without a weight, serves every weight too', async () => {
    const html =
      '<div style="display:flex;flex-direction:column;font-family:Brand;font-size:24px;line-height:30px;margin:8px">' +
      [100, 400, 650, 900]
        .map((w) => `<div style="font-weight:${w}">Variable ${w} Hamburgefonstiv</div>`)
        .join('') +
      '</div>';
    const ours = rows(await gray(await render(html, { fonts: [{ family: 'Brand', data: file(INTER) }] })));
    const chromium = rows(await gray(reference));
    for (let i = 0; i < 4; i++) {
      expect(
        Math.abs(ours[i]!.right - chromium[i]!.right),
        `row ${i}: ${ours[i]!.right} against ${chromium[i]!.right}`,
      ).toBeLessThanOrEqual(2);
    }
  });
});
