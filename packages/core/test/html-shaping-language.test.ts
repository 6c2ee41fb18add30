/**
 * Issue 40, item 2: text is shaped in its element's `lang` also for languages satori keeps no locale for (satori
 * change shaping-language), as Chromium hands the content language to HarfBuzz. Repro
 * repros/shaping-language-locl.html: Noto Sans Arabic's Urdu and Sindhi digits (ur, ur-PK, sd; fa and ps keep the
 * default forms) and Noto Sans Devanagari's Marathi श ल and Nepali झ ५ ८ ९ (mr, ne, ne-NP), one 48 px row each.
 * Each row must be within antialiasing of Chromium's: without the change the rows with language forms were 2–7 off.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { greyPixels, rowBandDifferences } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const { width, height } = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'))['shaping-language-locl'];
const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

/** The page's rows: 48 px from y 8. */
const ROWS = { top: 8, height: 48, count: 6 };

describe('shaping in the element’s language', () => {
  it('draws each row’s language forms as Chromium does (mean grey difference under 1.5 per row)', async () => {
    const html = readFileSync(join(dir, 'shaping-language-locl.html'), 'utf8');
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await greyPixels(result.data);
    const chromium = await greyPixels(readFileSync(join(dir, 'shaping-language-locl.chromium.png')));
    const rows = rowBandDifferences(ours, chromium, ROWS);
    expect(rows.filter((mean) => mean >= 1.5)).toEqual([]);
  });
});
