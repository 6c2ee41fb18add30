/**
 * Repro pages whose differences from Chromium sit in a few places of a line (a language form of one glyph, a bracket
 * that stays on its line or wraps, a box's border on one side of a word or the other): the page-wide mean of
 * html-chromium-repros.test.ts hides those, so these pages (`"test": "html-chromium-rows.test.ts"` in repros.json)
 * are compared band by band (`rows`: from `top`, `count` bands `height` px tall, one per line or row of boxes). Each
 * band's mean grey difference from Chromium must stay under 1.5, antialiasing's share; the changes they pin moved
 * bands by 2–8 without them:
 * - shaping-language-locl (issue 40.2, satori shaping-language-as-written): Urdu/Sindhi digits, Marathi and Nepali
 *   letters under `lang`; 4.67 (ur), 2.11 (sd), 6.96 (mr, ne) without.
 * - cjk-closing-at-line-end (40.5/40.6, satori cjk-closing-at-line-end): a closing bracket set half-width at a line's
 *   end; 8.26, 4.13, 3.41 without.
 * - bidi-box-edges (40.2, satori bidi-box-edges): padding and borders of an inline box bidi splits, at its visual
 *   ends by its direction; 2.38, 2.08, 3.88, 2.75 without.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { greyPixels, rowBandDifferences } from './helpers/image-compare.js';
import { withNpmFonts } from './helpers/npm-fonts.js';

const dir = join(import.meta.dirname, 'repros');
const all = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8')) as Record<
  string,
  { width: number; height: number; test?: string; rows?: { top: number; height: number; count: number } }
>;
const cases = Object.entries(all).filter(([, page]) => page.test === 'html-chromium-rows.test.ts');
const folder = mkdtempSync(join(tmpdir(), 'pictor-rows-'));
const renderer = createRenderer({ workers: 0, baseDir: folder });
afterAll(() => renderer.close());

describe.each(cases)('%s', (name, { width, height, rows }) => {
  it('draws each line or row of boxes as Chromium does (mean grey difference under 1.5 per band)', async () => {
    expect(rows, `${name} has its rows in repros.json`).toBeDefined();
    const html = withNpmFonts(readFileSync(join(dir, `${name}.html`), 'utf8'), folder);
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await greyPixels(result.data);
    const chromium = await greyPixels(readFileSync(join(dir, `${name}.chromium.png`)));
    const bands = rowBandDifferences(ours, chromium, rows as NonNullable<typeof rows>);
    expect(bands.filter((mean) => mean >= 1.5)).toEqual([]);
  });
});
