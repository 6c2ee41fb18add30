/**
 * Pictor (cjk-justify): where `text-align: justify` (with `text-justify: auto`) widens a line, as Chromium does
 * (Blink's CheckJustificationOpportunity): after a space, and on both sides of a CJK ideograph or symbol (kana,
 * ideographs, CJK punctuation, fullwidth forms), one opportunity between two of them; nowhere else (not at a hyphen
 * or another break opportunity between two Latin letters). A Japanese line without spaces is spread between every
 * pair of characters.
 */

/** Blink's IsCJKIdeographOrSymbol ranges (closed intervals, by code point), for the characters of CJK text. */
const CJK_RANGES = [
  0x2156, 0x215a, 0x2160, 0x216b, 0x2170, 0x217b, 0x23be, 0x23cc, 0x2460, 0x2492, 0x249c, 0x24ff, 0x25ce, 0x25d3,
  0x25e2, 0x25e6, 0x2600, 0x2603, 0x2660, 0x266f, 0x2672, 0x267d, 0x2776, 0x277f,
  // CJK radicals, Kangxi radicals, ideographic description characters, CJK symbols and punctuation (but U+3030),
  // hiragana, katakana, bopomofo, kanbun, CJK strokes, katakana extensions, enclosed CJK letters, CJK compatibility.
  0x2e80, 0x302f, 0x3031, 0x312f, 0x3190, 0x33ff,
  // CJK ideographs (extension A, the main block), compatibility ideographs.
  0x3400, 0x4dbf, 0x4e00, 0x9fff, 0xf860, 0xf862, 0xf900, 0xfaff,
  // CJK compatibility forms; halfwidth and fullwidth forms but － ；＜＝＞.
  0xfe30, 0xfe4f, 0xff00, 0xff0c, 0xff0e, 0xff1a, 0xff1f, 0xffef,
  // Enclosed alphanumerics and ideographic supplements, and the supplementary ideograph planes.
  0x1f110, 0x1f129, 0x1f130, 0x1f149, 0x1f150, 0x1f169, 0x1f170, 0x1f189, 0x1f200, 0x1f6ff, 0x20000, 0x3ffff,
]

/** Single symbols Blink also counts (daggers, per mille, reference mark, numero, geometric shapes…). */
const CJK_SYMBOLS = new Set([
  0x2c7, 0x2ca, 0x2cb, 0x2d9, 0x2020, 0x2021, 0x2030, 0x203b, 0x203c, 0x2042, 0x2047, 0x2048, 0x2049, 0x2051, 0x20dd,
  0x20de, 0x2100, 0x2103, 0x2105, 0x2109, 0x210a, 0x2113, 0x2116, 0x2121, 0x212b, 0x213b, 0x2150, 0x2151, 0x2152,
  0x217f, 0x2189, 0x2307, 0x2312, 0x23ce, 0x2423, 0x25a0, 0x25a1, 0x25a2, 0x25aa, 0x25ab, 0x25b1, 0x25b2, 0x25b3,
  0x25b6, 0x25b7, 0x25bc, 0x25bd, 0x25c0, 0x25c1, 0x25c6, 0x25c7, 0x25c9, 0x25cb, 0x25cc, 0x25ef, 0x2605, 0x2606,
  0x260e, 0x2616, 0x2617, 0x2640, 0x2642, 0x26a0, 0x26bd, 0x26be, 0x2713, 0x271a, 0x273f, 0x2740, 0x2756, 0x2b1a,
  0xfe10, 0xfe11, 0xfe12, 0xfe19, 0xff1d, 0x1f100, 0x1f10a,
])

/** Whether Blink gives the character justification opportunities on both sides. */
export function isCJKIdeographOrSymbol(codePoint: number): boolean {
  if (codePoint < 0x2c7) return false
  if (CJK_SYMBOLS.has(codePoint)) return true
  for (let i = 0; i < CJK_RANGES.length; i += 2) {
    if (codePoint < CJK_RANGES[i]) return false
    if (codePoint <= CJK_RANGES[i + 1]) return true
  }
  return false
}

/** Blink's TreatAsSpace: a space, tab, line feed or no-break space. */
function isSpace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\u00a0'
}

/**
 * Whether a justified line is widened between the text `before` and the text `after` (both on the line, in order):
 * after a space, after a CJK character, or before one.
 */
export function isJustificationOpportunity(before: string, after: string): boolean {
  if (!before || !after) return false
  const last = before.codePointAt(before.length - 1 - (isLowSurrogate(before, before.length - 1) ? 1 : 0)) ?? 0
  const first = after.codePointAt(0) ?? 0
  return isSpace(String.fromCodePoint(last)) || isCJKIdeographOrSymbol(last) || isCJKIdeographOrSymbol(first)
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return code >= 0xdc00 && code <= 0xdfff && index > 0
}
