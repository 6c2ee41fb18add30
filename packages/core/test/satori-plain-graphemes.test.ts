/**
 * The satori patch `plain-text-graphemes` (build/satori-patch.mjs) splits text of U+0020–U+007E and U+00A0–U+02FF
 * into one grapheme cluster per character without Intl.Segmenter. That holds only if no two characters of the
 * range ever join one cluster: checked here for every ordered pair, against the segmenter the patch skips. If an ICU
 * update made one of them join, this test fails and the range must shrink.
 */
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';

const RANGE: string[] = [];
for (let code = 0x20; code <= 0x7e; code++) RANGE.push(String.fromCharCode(code));
for (let code = 0xa0; code <= 0x2ff; code++) RANGE.push(String.fromCharCode(code));

describe('plain text graphemes', () => {
  it('no two characters of the range join one grapheme cluster', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    expect(RANGE.length).toBe(95 + 608);
    for (const first of RANGE) {
      // `first` before and after every character of the range: every ordered pair with it occurs once.
      const text = `${first}${RANGE.join(first)}${first}`;
      const clusters = [...segmenter.segment(text)].length;
      expect(clusters, `a cluster joins characters in ${JSON.stringify(text.slice(0, 8))}…`).toBe(
        text.length,
      );
    }
    // The fast path's test matches the range and nothing past it.
    const plain = /^[\x20-\x7e\xa0-\u02ff]*$/;
    expect(plain.test(RANGE.join(''))).toBe(true);
    for (const outside of ['\r\n', 'e\u0301', '\u200d', '\ufe0f', '\u{1f600}', '\t'])
      expect(plain.test(outside)).toBe(false);
  });

  it('text with a combining mark still draws it on its letter (the segmenter is used there)', async () => {
    const fonts = [...getBuiltinFonts()];
    const layout = (text: string) =>
      layoutToSvg(parseHtml(`<div style="display:flex;font-size:40px">${text}</div>`).root, {
        fonts,
        width: 200,
        height: 60,
      });
    const composed = await layout('Caf\u00e9');
    const decomposed = await layout('Cafe\u0301');
    const paths = (svg: string) => [...svg.matchAll(/<path fill="[^"]*" d="([^"]*)"/g)].map((m) => m[1]);
    expect(paths(composed.svg).length).toBeGreaterThan(0);
    // Same number of glyph outlines drawn: the accent is a glyph in both (precomposed or combining).
    expect(paths(decomposed.svg).join('').length).toBeGreaterThan(0.8 * paths(composed.svg).join('').length);
  });
});
