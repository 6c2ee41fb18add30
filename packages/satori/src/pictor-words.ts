/**
 * Pictor (plain-text-words, speed only): printable ASCII text (U+0020–U+007E, colon aside) split into words by the
 * rules Intl.Segmenter's `word` granularity applies to those characters (UAX #29 as ICU implements it), without the
 * segmenter. Building the first word segmenter of a process loads ICU's break rules: ~15 ms of a fresh worker's first
 * render, for a Latin card that needs none of them. The colon is left out (a MidLetter in some locales' rules, e.g.
 * Swedish and Finnish: `S:t`), and so is everything else (tabs, line feeds, other scripts): such text goes to the
 * segmenter. test/plain-text-words.test.ts compares both on every pair and triple of classes and on random text,
 * under several locales.
 */

/** Text the rules below cover. */
const PLAIN_WORDS = /^[\x20-\x39\x3b-\x7e]*$/

/** Word-break classes of the covered characters. */
const enum Kind {
  Other,
  Letter,
  Number,
  /** `_` (ExtendNumLet). */
  Connector,
  /** `.` and `'` (MidNumLet, Single_Quote): inside a word between two letters or two digits. */
  MidNumLet,
  /** `,` and `;` (MidNum): inside a number between two digits. */
  MidNum,
  /** The space (WSegSpace): a run of them is one segment. */
  Space,
}

function kindOf(code: number): Kind {
  if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return Kind.Letter
  if (code >= 0x30 && code <= 0x39) return Kind.Number
  switch (code) {
    case 0x5f:
      return Kind.Connector
    case 0x2e:
    case 0x27:
      return Kind.MidNumLet
    case 0x2c:
    case 0x3b:
      return Kind.MidNum
    case 0x20:
      return Kind.Space
    default:
      return Kind.Other
  }
}

let plainTextWords = true

/** Whether plain text skips the word segmenter (pictorTunings.plainTextWords; process-wide, set by each render). */
export function setPlainTextWords(on: boolean) {
  plainTextWords = on
}

/** `content`'s words (and the spaces and marks between them) when it is plain ASCII text, else undefined. */
export function plainWords(content: string): string[] | undefined {
  if (!plainTextWords || !PLAIN_WORDS.test(content)) return undefined
  const kinds = Array.from(content, (character) => kindOf(character.charCodeAt(0)))
  const words: string[] = []
  let start = 0
  for (let i = 1; i < kinds.length; i++) {
    if (!joins(kinds, i)) {
      words.push(content.slice(start, i))
      start = i
    }
  }
  if (content.length > 0) words.push(content.slice(start))
  return words
}

/** Whether the characters at `i - 1` and `i` stay in one segment (UAX #29 WB3d, WB5–WB13b for these classes). */
function joins(kinds: Kind[], i: number): boolean {
  const before = kinds[i - 1]
  const after = kinds[i]
  const wordy = (kind: Kind | undefined) => kind === Kind.Letter || kind === Kind.Number
  if (before === Kind.Space && after === Kind.Space) return true
  if (wordy(before) && wordy(after)) return true
  if (after === Kind.Connector && (wordy(before) || before === Kind.Connector)) return true
  if (before === Kind.Connector && wordy(after)) return true
  // WB6/WB7: letter (MidNumLet) letter.
  if (before === Kind.Letter && after === Kind.MidNumLet && kinds[i + 1] === Kind.Letter) return true
  if (before === Kind.MidNumLet && kinds[i - 2] === Kind.Letter && after === Kind.Letter) return true
  // WB11/WB12: digit (MidNum | MidNumLet) digit.
  const mid = (kind: Kind | undefined) => kind === Kind.MidNum || kind === Kind.MidNumLet
  if (before === Kind.Number && mid(after) && kinds[i + 1] === Kind.Number) return true
  if (mid(before) && kinds[i - 2] === Kind.Number && after === Kind.Number) return true
  return false
}
