/**
 * Pictor (plain-text-graphemes, speed only): text of these characters alone splits into grapheme clusters of one
 * character each: no two of them join (test/plain-text-graphemes.test.ts checks each against Intl.Segmenter). ASCII,
 * Latin-1, Latin Extended, Greek, Cyrillic without its combining marks, dashes, quotes and general punctuation,
 * currency signs, CJK ideographs and punctuation, kana, Hangul syllables, fullwidth forms. Combining marks, ZWJ,
 * variation selectors, CR LF, tabs, Hangul jamo and anything outside the BMP are left out, so such text goes to the
 * segmenter, which makes an object and a string per character (a 20,000-character paragraph took 2.7 s).
 */
export const PLAIN_TEXT =
  /^[\x20-\x7e\xa0-\u02ff\u0370-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20c0\u3000-\u3029\u3041-\u3096\u30a0-\u30ff\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff9d]*$/

let plainTextGraphemes = true

/** Whether plain text skips the segmenter (pictorTunings.plainTextGraphemes; process-wide, set by each render). */
export function setPlainTextGraphemes(on: boolean) {
  plainTextGraphemes = on
}

/** `content`'s grapheme clusters when it is plain text (one per character), else undefined. */
export function plainGraphemes(content: string): string[] | undefined {
  return plainTextGraphemes && PLAIN_TEXT.test(content) ? [...content] : undefined
}
