/**
 * Pictor (line-breaks-by-language): break opportunities that UAX #14 alone (the `linebreak` package) does not give,
 * as Chromium finds them with ICU.
 *
 * - Thai, Lao, Khmer and Myanmar (class SA) write words without spaces between them: UAX #14 leaves their breaks to
 *   a dictionary, and `linebreak` has none, so a paragraph of Thai never wrapped. Node's ICU has the same
 *   dictionaries Chromium's does, through `Intl.Segmenter`'s word boundaries.
 * - `word-break: keep-all` suppresses the breaks between letters of CJK text (ideographs, kana, Hangul), keeping the
 *   breaks at spaces and after punctuation, as ICU's keep-all rules do. satori 0.63.2 split such text by
 *   `Intl.Segmenter` words instead, breaking Chinese and Japanese between dictionary words and Latin text at hyphens.
 * - Small kana and the prolonged sound mark (class CJ: ッ, ェ, ー, …) may start a line, as under `line-break: normal`,
 *   which is what Chromium's `auto` does; `linebreak` resolves them to NS (never at a line's start), as only
 *   `line-break: strict` has it.
 * - `line-break: anywhere` puts an opportunity between every two grapheme clusters.
 * - A closing, dot or colon mark and an opening mark after it stay in one word, to be trimmed together
 *   (cjk-punctuation-trim, pictor-cjk-spacing.ts).
 */
import { joinsPunctuation } from './pictor-cjk-spacing.js'

/** Scripts UAX #14 gives class SA (complex context: breaks come from a dictionary). */
const SA = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tai_Tham}\p{Script=Tai_Viet}\p{Script=New_Tai_Lue}]/u

/** A letter unit: what keep-all keeps together (letters, their marks, digits). */
const LETTER = /[\p{L}\p{M}\p{N}]/u

/** UAX #14 class CJ: small hiragana and katakana, the prolonged sound mark, halfwidth small katakana. */
const CJ =
  /[\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u30fc\u31f0-\u31ff\uff67-\uff70]/

/** What may stand before a CJ that starts a line: ideographs and kana (class ID, and CJ itself). */
const BEFORE_CJ = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\uff66-\uff9d]/u

let wordSegmenter: Intl.Segmenter | undefined

function firstChar(text: string): string {
  return String.fromCodePoint(text.codePointAt(0) ?? 0)
}

function lastChar(text: string): string {
  const code = text.codePointAt(text.length - 1) ?? 0
  // A low surrogate: the character is the pair before it.
  return code >= 0xdc00 && code <= 0xdfff
    ? String.fromCodePoint(text.codePointAt(text.length - 2) ?? 0)
    : String.fromCodePoint(code)
}

/** Joins each word with the next where `joins` says so and the break between them is not required. */
function joinWords(
  words: string[],
  requiredBreaks: boolean[],
  joins: (before: string, after: string) => boolean
): { words: string[]; requiredBreaks: boolean[] } {
  const out: string[] = []
  const breaks: boolean[] = [requiredBreaks[0] ?? false]
  words.forEach((word, n) => {
    const previous = out[out.length - 1]
    if (previous !== undefined && !requiredBreaks[n] && word && joins(previous, word)) {
      out[out.length - 1] = previous + word
    } else {
      out.push(word)
      if (n > 0) breaks.push(requiredBreaks[n] ?? false)
    }
  })
  breaks.push(requiredBreaks[words.length] ?? false)
  return { words: out, requiredBreaks: breaks }
}

/** Splits `word` before each CJ character that follows an ideograph or kana (`line-break: normal`). */
function splitBeforeSmallKana(word: string): string[] {
  const parts: string[] = []
  let start = 0
  for (let i = 1; i < word.length; i++) {
    if (CJ.test(word[i] as string) && BEFORE_CJ.test(lastChar(word.slice(0, i)))) {
      parts.push(word.slice(start, i))
      start = i
    }
  }
  parts.push(word.slice(start))
  return parts
}

/**
 * Pictor (scripts-prepared): load the word dictionary of Thai, Lao, Khmer and Myanmar text now (ICU reads it on the
 * first segmentation), so a caller can pay for it outside a render's time limit, with those scripts' fonts.
 */
export function prepareSoutheastAsianWords(): void {
  splitSoutheastAsian('\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35')
}

/** Splits `word` at the dictionary's word boundaries inside its runs of SA text. */
function splitSoutheastAsian(word: string): string[] {
  if (!SA.test(word)) return [word]
  wordSegmenter ??= new Intl.Segmenter('th', { granularity: 'word' })
  const parts: string[] = []
  let current = ''
  for (const { segment } of wordSegmenter.segment(word)) {
    if (current && SA.test(lastChar(current)) && SA.test(firstChar(segment))) {
      parts.push(current)
      current = segment
    } else {
      current += segment
    }
  }
  if (current) parts.push(current)
  return parts
}

/**
 * Words (each ending at a break opportunity) and `requiredBreaks` (one more than the words: whether the break before
 * each word, and at the end, is required), with SA text split at its dictionary's word boundaries and, under
 * `keep-all`, letters of CJK text joined again.
 */
export function breaksByLanguage(
  words: string[],
  requiredBreaks: boolean[],
  wordBreak: string,
  lineBreak?: string
): { words: string[]; requiredBreaks: boolean[] } {
  // keep-all joins letters again; punctuation pairs are joined so that they are trimmed together
  // (pictor-cjk-spacing.ts).
  const keepAll = wordBreak === 'keep-all'
  const joined = joinWords(words, requiredBreaks, (before, after) =>
    joinsPunctuation(before, after) ||
    (keepAll && LETTER.test(lastChar(before)) && LETTER.test(firstChar(after)))
  )
  const outWords = joined.words
  const outBreaks = joined.requiredBreaks
  const smallKana = wordBreak !== 'keep-all' && lineBreak !== 'strict'
  if (
    !outWords.some((word) => SA.test(word) || (smallKana && CJ.test(word)))
  ) {
    return { words: outWords, requiredBreaks: outBreaks }
  }
  const splitWords: string[] = []
  const splitBreaks: boolean[] = []
  outWords.forEach((word, n) => {
    const parts = splitSoutheastAsian(word)
    const split = smallKana ? parts.flatMap(splitBeforeSmallKana) : parts
    split.forEach((part, k) => {
      splitWords.push(part)
      splitBreaks.push(k === 0 ? outBreaks[n] ?? false : false)
    })
  })
  splitBreaks.push(outBreaks[outWords.length] ?? false)
  return { words: splitWords, requiredBreaks: splitBreaks }
}

/**
 * The word-break rule the breaks follow: `line-break: anywhere` breaks between every two grapheme clusters, as
 * `word-break: break-all` does here.
 */
export function effectiveWordBreak(style: Record<string, unknown>): string {
  return style.lineBreak === 'anywhere' ? 'break-all' : (style.wordBreak as string)
}
