/**
 * Pictor (skip-ink-characters): the characters an underline never skips, as in Chromium. Blink's
 * `Character::CanTextDecorationSkipInk` leaves out the solidus `/`, the reverse solidus `\` and the low line `_` (a
 * link's path stays underlined across its slashes) and every CJK ideograph or symbol, kana, bopomofo and Hangul
 * syllable (text-decoration-skip-ink: auto lets a UA draw through ideographs, CSS Text Decoration 4 §2.6); their
 * glyphs do not interrupt an underline even where they cross it.
 */

/** Ranges (inclusive) of code points whose glyphs an underline is drawn through. */
const THROUGH: readonly (readonly [number, number])[] = [
  [0x1100, 0x11ff], // Hangul Jamo
  [0x2460, 0x24ff], // enclosed alphanumerics (circled numbers)
  [0x2e80, 0x2fdf], // CJK radicals, Kangxi radicals
  [0x2ff0, 0x302f], // ideographic description, CJK symbols and punctuation
  [0x3031, 0x31ef], // kana, bopomofo, Hangul compatibility jamo, kanbun, strokes
  [0x3200, 0x4dbf], // enclosed CJK, CJK compatibility, extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa960, 0xa97f], // Hangul Jamo extended-A
  [0xac00, 0xd7ff], // Hangul syllables, Jamo extended-B
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff00, 0xffef], // halfwidth and fullwidth forms
  [0x1f200, 0x1f2ff], // enclosed ideographic supplement
  [0x20000, 0x3ffff], // planes 2 and 3 (ideographs)
]

/** Whether an underline may skip the ink of the glyph of `codePoint` (text-decoration-skip-ink: auto). */
export function canSkipInk(codePoint: number | undefined): boolean {
  if (codePoint === undefined) return true
  if (codePoint === 0x2f || codePoint === 0x5c || codePoint === 0x5f) return false
  if (codePoint < 0x1100) return true
  for (const [from, to] of THROUGH) {
    if (codePoint < from) return true
    if (codePoint <= to) return false
  }
  return true
}
