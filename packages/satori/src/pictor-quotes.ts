/**
 * Pictor (quotes-property): the marks `open-quote` and `close-quote` stand for, from the `quotes` property the
 * element has (declared on it or inherited) and the quote's nesting depth, as Chromium draws them: `quotes:
 * "«" "»" "‹" "›"` gives « » outside and ‹ › inside a nested quote, the last pair repeating deeper; `none` gives
 * nothing. Without a declared `quotes`, “ ” outside and ‘ ’ inside (Chromium's marks for English; other languages'
 * own marks are not done). The depth is the number of `<q>` elements around the element (quotes nest as `<q>`s do).
 */

/** Default marks: Chromium's for `quotes: auto` under English. */
const DEFAULT_PAIRS: [string, string][] = [
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
]

/** The string tokens of a `quotes` value, unescaped. */
function stringsOf(value: string): string[] {
  const out: string[] = []
  const token = /"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'/g
  for (let m = token.exec(value); m; m = token.exec(value)) {
    out.push(
      (m[1] ?? m[2] ?? '')
        .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/\\(.)/g, '$1')
    )
  }
  return out
}

/** The pairs a `quotes` value gives, `[]` for `none`, undefined to use the default. */
export function quotePairs(value: unknown): [string, string][] | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.trim()
  if (/^none$/i.test(v)) return []
  if (!v || /^(auto|initial|unset|inherit|revert|revert-layer|match-parent)$/i.test(v)) return undefined
  const strings = stringsOf(v)
  if (strings.length < 2 || strings.length % 2) return undefined
  const pairs: [string, string][] = []
  for (let i = 0; i < strings.length; i += 2) pairs.push([strings[i]!, strings[i + 1]!])
  return pairs
}

/** The mark of `keyword` (`open-quote`, `close-quote`, `no-…`) at `depth` under the `quotes` value `value`. */
export function quoteMark(keyword: string, depth: number, value: unknown): string {
  const k = keyword.toLowerCase()
  if (k.startsWith('no-')) return ''
  const pairs = quotePairs(value) ?? DEFAULT_PAIRS
  if (!pairs.length) return ''
  const pair = pairs[Math.min(depth, pairs.length - 1)]!
  return k === 'open-quote' ? pair[0] : pair[1]
}
