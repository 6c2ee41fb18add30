/**
 * Pictor tuning plain-text-words (speed only) splits printable ASCII text (colon aside) into words by the rules
 * Intl.Segmenter's word granularity applies to it, without building a segmenter (ICU's break rules load with the
 * first one: ~15 ms of a fresh process's first render). The rules are checked against the segmenter they skip on every
 * pair and triple of characters of each class and on random text, under locales with and without tailorings; a Latin
 * render builds no word segmenter with the switch on (the same pixels on and off: core's pool-tunings.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { plainWords } from '../src/pictor-words.js';
import { h, pixels, render } from './render.js';

/** Each word-break class of printable ASCII, and the characters the rules leave to the segmenter. */
const ALPHABET = ` aZ09_.',;!-"()/?@#%&*+=<>[]\\^\`{|}~$`;
/** One or two characters of each class (triples of these). */
const CLASSES = ` aZ09_.',;!-`;

/** A random generator with a seed, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('plain text words', () => {
  it('splits as Intl.Segmenter does, under every locale tried', () => {
    const next = random(42);
    const texts = ['', 'Hello card 3', "It's 3.14, e.g. v1.2.3; don't_stop 1,000,000 a.b.c ..a.. 'q' x'y  z"];
    for (const a of ALPHABET)
      for (const b of ALPHABET) {
        texts.push(a + b);
      }
    for (const a of CLASSES) for (const b of CLASSES) for (const c of CLASSES) texts.push(a + b + c);
    for (let n = 0; n < 2000; n++) {
      const length = 1 + Math.floor(next() * 24);
      texts.push(Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''));
    }
    const differ: string[] = [];
    for (const locale of [undefined, 'en', 'sv', 'fi', 'de', 'ja', 'zh', 'th', 'ar', 'he']) {
      const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
      for (const text of texts) {
        const expected = [...segmenter.segment(text)].map((part) => part.segment);
        if (JSON.stringify(plainWords(text)) !== JSON.stringify(expected))
          differ.push(`${locale} ${JSON.stringify(text)}`);
      }
    }
    expect(differ.slice(0, 10)).toEqual([]);
    // Left to the segmenter: the colon (Swedish and Finnish join S:t), tabs, line feeds, anything past ASCII.
    for (const outside of ['S:t', 'a\tb', 'a\nb', 'café', 'a\u00a0b'])
      expect(plainWords(outside)).toBeUndefined();
  });

  it('builds no word segmenter for a Latin render; with the switch off it does', async () => {
    const Segmenter = Intl.Segmenter;
    const built: string[] = [];
    Intl.Segmenter = class extends Segmenter {
      constructor(locale?: string | string[], options?: Intl.SegmenterOptions) {
        super(locale, options);
        built.push(options?.granularity ?? 'grapheme');
      }
    };
    // Words are cached by their text (satori's segment cache): each render has text of its own. The same pixels on and
    // off are checked by core's pool-tunings.test.ts (a fresh worker per setting).
    const element = (text: string) =>
      h('div', { display: 'flex', flexWrap: 'wrap', width: 300, fontSize: 28 }, text);
    try {
      const on = await render(element("It's 3.14, e.g. don't_stop"), { width: 320, height: 120 });
      expect(built.filter((granularity) => granularity === 'word')).toEqual([]);
      expect((await pixels(on)).length).toBeGreaterThan(0);
      await render(element('Another line of words'), {
        width: 320,
        height: 120,
        pictorTunings: { plainTextWords: false },
      });
      expect(built).toContain('word');
    } finally {
      Intl.Segmenter = Segmenter;
    }
  });
});
