/**
 * Right-to-left text as Chromium sets it (issue 40.2 and 40.5): the repro pages in test/repros with `"test":
 * "html-bidi.test.ts"` in repros.json, each compared by pixels with Chromium's drawing (`{name}.chromium.png`, made by
 * `node benchmarks/fidelity/repro-references.mjs NAME`). The built-in faces lack Arabic and Hebrew: a page loads Noto
 * Sans Arabic and Hebrew (devDependencies) with `@font-face { src: url(fonts/<File>_<style>.ttf) }`, which Chromium
 * gets as data: URIs and the engine here through the `fonts` option, so the test does not depend on font packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer, type FontSpec } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const require = createRequire(import.meta.url);
const all = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8')) as Record<
  string,
  { width: number; height: number; issue: string; test?: string }
>;
const cases = Object.entries(all).filter(([, page]) => page.test === 'html-bidi.test.ts');
const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const FONT_FACE =
  /@font-face\s*{\s*font-family:\s*'([^']+)';\s*(?:font-weight:\s*(\d+);\s*)?src:\s*url\(fonts\/(\w+?)_(\w+)\.ttf\);\s*}/g;

/** The page without its @font-face rules, and their faces as the `fonts` option. */
function pageAndFonts(html: string): { html: string; fonts: FontSpec[] } {
  const fonts: FontSpec[] = [];
  const page = html.replace(
    FONT_FACE,
    (_, family: string, weight: string | undefined, file: string, style: string) => {
      const pkg = file.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
      const path = require.resolve(`@expo-google-fonts/${pkg}/${style}/${file}_${style}.ttf`);
      fonts.push({ family, weight: weight ? Number(weight) : 400, data: readFileSync(path) });
      return '';
    },
  );
  return { html: page, fonts };
}

async function rgb(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe.each(cases)('%s', (name, { width, height }) => {
  it('draws like Chromium: every word where Chromium puts it, text within antialiasing', async () => {
    const { html, fonts } = pageAndFonts(readFileSync(join(dir, `${name}.html`), 'utf8'));
    // The references were made when the reference Chromium rounded web fonts' advances too (before issue 40.1's
    // fontconfig): compared at whole pixels. Remade with today's chromium.mjs they keep fractions.
    const result = await renderer.render({
      html,
      width,
      height,
      format: 'png',
      fonts,
      textPositioning: 'whole-pixel',
    });
    expect(result.warnings).toEqual([]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, `${name}.chromium.png`)),
    );
    // Words in the wrong order move thousands of pixels far off; antialiasing moves edges slightly.
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});

describe('a right-to-left table with collapsed borders', () => {
  it('draws the border on its left edge (each cell overlaps the column before it on its right)', async () => {
    const html = `<style>body{margin:0;background:#fff} table{margin:10px;border-collapse:collapse}
      td{border:4px solid #000;padding:6px;font:14px Inter}</style>
      <table dir="rtl"><tr><td>1</td><td>2</td><td>3</td></tr></table>`;
    const result = await renderer.render({ html, width: 200, height: 60, format: 'png' });
    const { data, width } = await rgb(result.data);
    // The table's left border: 4 dark columns from x = 10, along the cells' height (rows 16 to 30).
    for (let y = 16; y <= 30; y++) {
      for (let x = 10; x < 14; x++) expect(data[(y * width + x) * 3], `(${x}, ${y})`).toBeLessThan(64);
    }
  });
});

describe('an inline box wrapping in a right-to-left paragraph (repros/bidi-fragments.html)', () => {
  it('draws its start edge on the right of its first line and its end edge (blue) on the left of its last', async () => {
    const { html, fonts } = pageAndFonts(readFileSync(join(dir, 'bidi-fragments.html'), 'utf8'));
    const { width, height } = all['bidi-fragments'] as { width: number; height: number };
    // The references were made when the reference Chromium rounded web fonts' advances too (before issue 40.1's
    // fontconfig): compared at whole pixels. Remade with today's chromium.mjs they keep fractions.
    const result = await renderer.render({
      html,
      width,
      height,
      format: 'png',
      fonts,
      textPositioning: 'whole-pixel',
    });
    // Pure blue pixels (the box's left border) in each line: the text is about 21 px tall from y = 6.
    const blueByLine = async (png: Buffer) => {
      const { data, width: w } = await rgb(png);
      let first = 0;
      let second = 0;
      for (let i = 0; i < data.length; i += 3) {
        const blue =
          (data[i + 2] as number) > 150 && (data[i] as number) < 80 && (data[i + 1] as number) < 80;
        const y = Math.floor(i / 3 / w);
        if (blue && y < 50) {
          if (y < 27) first += 1;
          else second += 1;
        }
      }
      return [first, second];
    };
    const ours = await blueByLine(result.data);
    const reference = await blueByLine(readFileSync(join(dir, 'bidi-fragments.chromium.png')));
    expect(reference[0]).toBe(0);
    expect(reference[1]).toBeGreaterThan(20);
    expect(ours[0]).toBe(0);
    expect(ours[1]).toBeGreaterThan(20);
  });
});
