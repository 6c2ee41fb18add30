// Pictor change emoji-box, speed only: the first grapheme of a piece of plain text (plain-text-graphemes) is its first
// character, so a Latin render builds no grapheme segmenter (ICU's break rules load with the first one, ~15 ms of a
// fresh worker's first render); an emoji first still goes to the segmenter. Its own file: the segmenter is made once
// per module, on first use.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h } from './render.js';

const emoji = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#fc0"/></svg>',
)}`;
const options = { width: 300, height: 100, fonts, graphemeImages: { '👍': emoji } };

/** The `<image>` of the emoji: its y and height. */
function picture(svg: string) {
  const tag = /<image[^>]*>/.exec(svg)?.[0] ?? '';
  return { y: Number(/ y="([\d.-]+)"/.exec(tag)?.[1]), height: Number(/ height="([\d.-]+)"/.exec(tag)?.[1]) };
}

const paragraph = (family: string, ...children: unknown[]) =>
  h('div', { display: 'block', width: 300, fontFamily: family, fontSize: 16 }, ...children);

describe('the first grapheme of a piece of plain text', () => {
  it('is its first character, with no grapheme segmenter built (ICU break rules); other text still gets one', async () => {
    const Segmenter = Intl.Segmenter;
    const built: string[] = [];
    Intl.Segmenter = class extends Segmenter {
      constructor(locale?: string | string[], options?: Intl.SegmenterOptions) {
        super(locale, options);
        built.push(options?.granularity ?? 'grapheme');
      }
    };
    try {
      const latin = await boxes(paragraph('Inter', 'Plain words, 3 of them'), options);
      expect(built).toEqual([]);
      expect(latin.boxes[0].height).toBe(20);
      // An emoji first: its picture's box, found by the segmenter (a surrogate pair is not plain text).
      const { svg } = await boxes(paragraph('Inter', '👍 first'), options);
      expect(built).toContain('grapheme');
      expect(picture(svg)).toEqual({ y: 2, height: 16 });
    } finally {
      Intl.Segmenter = Segmenter;
    }
  });
});
