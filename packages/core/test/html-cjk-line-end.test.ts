/**
 * Issue 40.5/40.6: a fullwidth closing bracket at a line's end as Chromium sets it (satori change
 * cjk-closing-at-line-end, `text-spacing-trim: normal`'s allow-end): one that overflows the line by at most its blank
 * half is set half-width and stays on the line; 。 and 、 are not trimmed. Repro repros/cjk-closing-at-line-end.html
 * (nine boxes of Noto Sans JP 20 px in three rows, the last with a <b> before the bracket). Each row of boxes must
 * be within antialiasing of Chromium's: without the change 「お」」 and 「お）」 wrapped to the next line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { greyPixels, rowBandDifferences } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const { width, height } = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'))[
  'cjk-closing-at-line-end'
];
const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

describe('CJK closing brackets at a line end', () => {
  it('keeps a bracket that overflows by half an em on its line, half-width, as Chromium (each row under 1.5)', async () => {
    const html = readFileSync(join(dir, 'cjk-closing-at-line-end.html'), 'utf8');
    const result = await renderer.render({ html, width, height, format: 'png' });
    expect(result.warnings).toEqual([]);
    const ours = await greyPixels(result.data);
    const chromium = await greyPixels(readFileSync(join(dir, 'cjk-closing-at-line-end.chromium.png')));
    // Three rows of boxes, 56 px tall with a 12 px gap, from y 8: bands of 64 px.
    const rows = rowBandDifferences(ours, chromium, { top: 8, height: 64, count: 3 });
    expect(rows.filter((mean) => mean >= 1.5)).toEqual([]);
  });
});
