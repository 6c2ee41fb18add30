/**
 * Pictor tuning plain-text-graphemes (speed only) splits text made only of PLAIN_TEXT characters into one grapheme
 * cluster per character, without Intl.Segmenter. That holds only if no two of those characters ever join one
 * cluster. UAX #29 joins a pair only through the second being Extend, ZWJ or SpacingMark, the first being Prepend,
 * both regional indicators, CR LF, or the Hangul jamo rules: each character of the set is checked here against the
 * segmenter it skips, after a letter, before a letter, doubled, and beside a Hangul LV and LVT syllable (the only
 * Hangul in the set), which together catch every one of those. If an ICU update made one of them join, this test
 * fails and the set must shrink. (Moved from packages/core/test/satori-plain-graphemes.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT as plain } from '../src/pictor-graphemes.js';
import { h, pixels, render } from './render.js';

/** Every character PLAIN_TEXT accepts (all in the BMP). */
function plainCharacters(): string[] {
  const characters: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    const character = String.fromCharCode(code);
    if (plain.test(character)) characters.push(character);
  }
  return characters;
}

describe('plain text graphemes', () => {
  it('no character of the plain set joins a grapheme cluster with another one', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const characters = plainCharacters();
    expect(characters.length).toBeGreaterThan(30_000);
    const joined: string[] = [];
    for (const c of characters) {
      for (const probe of [`a${c}`, `${c}a`, c + c, `${c}\uac00`, `\uac00${c}`, `${c}\uac01`, `\uac01${c}`]) {
        let clusters = 0;
        for (const _ of segmenter.segment(probe)) clusters++;
        if (clusters !== probe.length) {
          joined.push(`U+${c.charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(probe)}`);
          break;
        }
      }
    }
    expect(joined).toEqual([]);
    // What must go to the segmenter does.
    for (const outside of [
      '\r\n',
      'e\u0301',
      'a\u200d',
      '\u2764\ufe0f',
      '\u{1f600}',
      '\t',
      '\u1100\u1161',
      '\u200c',
    ])
      expect(plain.test(outside), JSON.stringify(outside)).toBe(false);
    expect(plain.test('Plain — “quoted”, 1 € · 中文 かな 한국어 Ελληνικά Кириллица')).toBe(true);
  });

  it('the same pixels on and off; text with a combining mark still draws it on its letter', async () => {
    const element = (text: string) => h('div', { display: 'flex', fontSize: 40 }, text);
    const on = await render(element('Plain text, Café'), { width: 400, height: 60 });
    const off = await render(element('Plain text, Café'), {
      width: 400,
      height: 60,
      pictorTunings: { plainTextGraphemes: false },
    });
    expect(Buffer.compare(await pixels(on), await pixels(off))).toBe(0);
    const paths = (svg: string) => [...svg.matchAll(/<path fill="[^"]*" d="([^"]*)"/g)].map((m) => m[1]);
    const composed = await render(element('Caf\u00e9'), { width: 200, height: 60 });
    const decomposed = await render(element('Cafe\u0301'), { width: 200, height: 60 });
    expect(paths(composed).length).toBeGreaterThan(0);
    expect(paths(decomposed).join('').length).toBeGreaterThan(0.8 * paths(composed).join('').length);
  });
});
