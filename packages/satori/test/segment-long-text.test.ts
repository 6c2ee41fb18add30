/**
 * Pictor segment-long-text: Node 20's V8 copies the whole input for every segment Intl.Segmenter yields, so a long
 * text was quadratic to split (a 25,000-character <pre> took seconds and most of a gigabyte). satori's `segment` hands
 * a long text to the segmenter in pieces, cut where every granularity has a boundary: the segments must be exactly
 * the segmenter's own, and no piece longer than 4,096 characters may reach it.
 */
import { describe, expect, it } from 'vitest';
import { segment } from '../src/utils.js';
import { h, pixels, render } from './render.js';

/** A random generator with a seed, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Pieces of text that meet at cut points in every way: marks, joiners, modifiers, runs of spaces, scripts. */
const PARTS = [
  'word ',
  'e\u0301 ',
  ' \u0301',
  '  ',
  '\n',
  '\t',
  '日本語の文章、',
  '書きます。',
  'かな',
  'カタカナ',
  'ภาษาไทยง่าย ',
  'مرحبا بالعالم ',
  '👍🏽',
  ' 👩‍👩‍👧 ',
  '🇫🇷',
  '\u00a0',
  'a\u00a0b ',
  'S:t ',
  '3.14 ',
  'e.g. ',
  '\u200d',
  '\u200b',
  'नमस्ते ',
  '\r\n',
];

function longText(seed: number, length: number): string {
  const next = random(seed);
  let text = '';
  while (text.length < length) text += PARTS[Math.floor(next() * PARTS.length)];
  return text;
}

describe('segment-long-text', () => {
  it('splits a long text into exactly the segmenter’s own segments, by grapheme and by word', () => {
    for (const seed of [1, 2, 3]) {
      const text = longText(seed, 6_000);
      for (const locale of [undefined, 'ja', 'th']) {
        const graphemes = [...new Intl.Segmenter(locale, { granularity: 'grapheme' }).segment(text)].map(
          (part) => part.segment,
        );
        expect(segment(text, 'grapheme', locale)).toEqual(graphemes);
        const words = [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)].map(
          (part) => part.segment,
        );
        expect(segment(text, 'word', locale)).toEqual(joinNoBreak(words));
      }
    }
    // A long text without spaces or ideographic commas: cut between two plain characters.
    const kana = 'かなカナ漢字'.repeat(2_000);
    expect(segment(kana, 'grapheme')).toEqual([...kana]);
  });

  it('never hands the segmenter more than 4,096 characters while laying out a long <pre>', async () => {
    const lines = Array.from({ length: 400 }, (_, n) => `line ${n}: café au lait, naïve façade, 日本語 ${n}`);
    const text = lines.join('\n');
    const prototype = Intl.Segmenter.prototype;
    const original = prototype.segment;
    const lengths: number[] = [];
    prototype.segment = function (this: Intl.Segmenter, input: string) {
      lengths.push(input.length);
      return original.call(this, input);
    };
    try {
      const svg = await render(
        h('div', { display: 'flex', whiteSpace: 'pre', fontSize: 10, width: 600 }, text),
        {
          width: 600,
          height: 200,
          // As @pictor/core renders: characters the fonts lack are looked up (the whole text split into graphemes).
          loadAdditionalAsset: async () => [],
        },
      );
      expect((await pixels(svg)).some((value) => value !== 0)).toBe(true);
    } finally {
      prototype.segment = original;
    }
    expect(text.length).toBeGreaterThan(16_000);
    expect(lengths.length).toBeGreaterThan(0);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(4096);
  });
});

/** satori's word segments: a no-break space joined with the words on both sides of it. */
function joinNoBreak(words: string[]): string[] {
  const output: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== '\u00a0') output.push(words[i]);
    else output.push((output.pop() ?? '') + '\u00a0' + (words[++i] ?? ''));
  }
  return output;
}
