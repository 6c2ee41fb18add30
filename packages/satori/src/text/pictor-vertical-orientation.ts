/**
 * Pictor (vertical-writing): which characters stand upright in vertical text,
 * after the Vertical_Orientation property of Unicode (UAX #50), in ranges.
 * `U` and `Tu` characters are upright, `Tr` ones too (they have vertical
 * forms, which the font's `vert` feature picks), `R` ones are turned
 * sideways with `text-orientation: mixed`.
 */

/** Ranges of code points that are upright (U, Tu or Tr) in UAX #50. */
const UPRIGHT: [number, number][] = [
  [0x00a7, 0x00a7], // §
  [0x00a9, 0x00a9], // ©
  [0x00ae, 0x00ae], // ®
  [0x00b1, 0x00b1], // ±
  [0x00bc, 0x00be], // ¼ ½ ¾
  [0x00d7, 0x00d7], // ×
  [0x00f7, 0x00f7], // ÷
  [0x02ea, 0x02eb], // bopomofo tone marks
  [0x1100, 0x11ff], // Hangul Jamo
  [0x1401, 0x167f], // Canadian syllabics
  [0x18b0, 0x18ff],
  [0x2016, 0x2016], // ‖
  [0x2020, 0x2021], // † ‡
  [0x2030, 0x2031], // ‰ ‱
  [0x203b, 0x203c], // ※ ‼
  [0x2042, 0x2042],
  [0x2047, 0x2049],
  [0x2051, 0x2051],
  [0x2065, 0x2065],
  [0x20dd, 0x20e0], // enclosing marks
  [0x20e2, 0x20e4],
  [0x2100, 0x2101],
  [0x2103, 0x2109], // ℃ …
  [0x210f, 0x210f],
  [0x2113, 0x2114],
  [0x2116, 0x2117], // №
  [0x211e, 0x2123],
  [0x2125, 0x2125],
  [0x2127, 0x2127],
  [0x2129, 0x2129],
  [0x212e, 0x212e],
  [0x2135, 0x213f],
  [0x2145, 0x214a],
  [0x214c, 0x214d],
  [0x214f, 0x2189], // number forms, Roman numerals
  [0x218c, 0x218f],
  [0x221e, 0x221e], // ∞
  [0x2234, 0x2235], // ∴ ∵
  [0x2300, 0x2307],
  [0x230c, 0x231f],
  [0x2324, 0x2328],
  [0x232b, 0x232b],
  [0x237d, 0x239a],
  [0x23be, 0x23cd],
  [0x23cf, 0x23cf],
  [0x23d1, 0x23db],
  [0x23e2, 0x2422],
  [0x2424, 0x24ff], // control pictures, enclosed alphanumerics ①
  [0x25a0, 0x2619], // geometric shapes ■ ○ ◎, misc symbols ☆
  [0x2620, 0x2767], // misc symbols, dingbats
  [0x2776, 0x2793], // dingbat circled digits
  [0x2b12, 0x2b2f],
  [0x2b50, 0x2b59],
  [0x2bb8, 0x2bff],
  [0x2e80, 0x2fff], // CJK radicals, Kangxi, ideographic description
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0x3040, 0x31ff], // kana, bopomofo, Hangul compatibility, kanbun, strokes
  [0x3200, 0x4dbf], // enclosed CJK, compatibility, extension A
  [0x4dc0, 0x4dff], // Yijing hexagrams
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7ff], // Hangul syllables, Jamo extended B
  [0xe000, 0xf8ff], // private use
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe1f], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff01, 0xff60], // full-width forms
  [0xffe0, 0xffe7],
  [0xfff0, 0xfff8],
  [0xfffc, 0xfffd],
  [0x1b000, 0x1b2ff], // kana supplement and extensions
  [0x1f000, 0x1f2ff], // mahjong, domino, playing cards, enclosed supplements
  [0x1f300, 0x1faff], // emoji and pictographs
  [0x20000, 0x3ffff], // CJK extensions B and later
]

/** Whether a code point is upright in `text-orientation: mixed`. */
export function isUprightCodePoint(code: number): boolean {
  let lo = 0
  let hi = UPRIGHT.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const [start, end] = UPRIGHT[mid]
    if (code < start) hi = mid - 1
    else if (code > end) lo = mid + 1
    else return true
  }
  return false
}

/**
 * Whether a grapheme is upright in `text-orientation: mixed`: by its first
 * code point, so combining marks follow their base.
 */
export function isUprightGrapheme(grapheme: string): boolean {
  const code = grapheme.codePointAt(0)
  return code !== undefined && isUprightCodePoint(code)
}
