/**
 * Pictor (bidi-inline): the Unicode Bidirectional Algorithm (UAX #9) for a
 * paragraph of text and inline boxes, with bidi-js resolving the levels of
 * each character. Inline boxes take part as CSS Writing Modes 3 §2.4 says:
 * `unicode-bidi` and `direction` open an embedding or an isolate, written
 * as the controls of UAX #9 around the box's content.
 * https://www.unicode.org/reports/tr9/
 * https://www.w3.org/TR/css-writing-modes-3/#bidi-control-codes-injection-table
 */
import bidiModule, { type Bidi } from 'bidi-js'

// The package's only export is a factory (its types describe it as an ES
// module's default export, its `main` as CommonJS).
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi })
  .default ?? bidiModule) as unknown as () => Bidi
let bidi: Bidi | undefined
const getBidi = () => (bidi ??= bidiFactory())

/**
 * Pictor (scripts-prepared): read bidi-js's character data now (it is read on its first use), so a caller can pay for
 * it outside a render's time limit, with the fonts of a right-to-left script.
 */
export function prepareBidi(): void {
  getBidi().getEmbeddingLevels('\u05d0 a', 'ltr')
}

export type Direction = 'ltr' | 'rtl'

const LRE = '\u202a'
const RLE = '\u202b'
const PDF = '\u202c'
const LRO = '\u202d'
const RLO = '\u202e'
const LRI = '\u2066'
const RLI = '\u2067'
const FSI = '\u2068'
const PDI = '\u2069'

/**
 * The controls that stand for an inline box's start and end in the text of
 * its paragraph, from its `unicode-bidi` and `direction`: none for `normal`.
 * `auto` is `dir="auto"` (and `<bdi>` without `dir`): an isolate whose
 * direction is its first strong character's.
 */
export function bidiControls(
  unicodeBidi: unknown,
  direction: Direction | 'auto'
): [start: string, end: string] {
  const rtl = direction === 'rtl'
  switch (unicodeBidi) {
    case 'embed':
      return direction === 'auto' ? ['', ''] : [rtl ? RLE : LRE, PDF]
    case 'isolate':
      return [direction === 'auto' ? FSI : rtl ? RLI : LRI, PDI]
    case 'bidi-override':
      return [rtl ? RLO : LRO, PDF]
    case 'isolate-override':
      return [FSI + (rtl ? RLO : LRO), PDF + PDI]
    case 'plaintext':
      return [FSI, PDI]
    default:
      return ['', '']
  }
}

/** A BMP character of each bidi class, without other bidi effects (no bracket, no mirroring). */
const STAND_IN: Record<string, string> = {
  L: 'a',
  R: '\u05D0',
  AL: '\u0627',
  EN: '0',
  ES: '+',
  ET: '#',
  AN: '\u0660',
  CS: ',',
  NSM: '\u0300',
  BN: '\u00AD',
  S: '\t',
  WS: ' ',
  ON: '!',
}

/**
 * Pictor (bidi-astral-classes): `text` with each character outside the BMP replaced by two code units of its own
 * bidi class. bidi-js classifies code units, so both halves of a surrogate pair were L: an emoji (ON) that starts
 * a right-to-left paragraph before a number took the left end instead of the right (UAX #9 N1, as Chromium).
 */
function withBmpStandIns(text: string): string {
  if (!/[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text)) return text
  const bidi = getBidi()
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) as number
    if (code <= 0xffff) {
      out += text[i]
      continue
    }
    const standIn = STAND_IN[bidi.getBidiCharTypeName(String.fromCodePoint(code))] ?? '!'
    out += standIn + standIn
    i++
  }
  return out
}

/** The embedding level of each code unit of a paragraph's text. */
export function resolveLevels(text: string, direction: Direction): Uint8Array {
  return getBidi().getEmbeddingLevels(withBmpStandIns(text), direction).levels
}

/**
 * The visual order of pieces of a line with these levels (rule L2): from the
 * highest level to the lowest odd one, each run of pieces at that level or
 * higher is reversed. Returns the indices of the pieces from the left.
 */
export function visualOrder(levels: number[]): number[] {
  const order = levels.map((_, i) => i)
  // Loops, not spreads: a long line may have more pieces than a call takes
  // arguments.
  let highest = 0
  let lowestOdd = Infinity
  for (const level of levels) {
    highest = Math.max(highest, level)
    if (level % 2 === 1) lowestOdd = Math.min(lowestOdd, level)
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < order.length; ) {
      if (levels[order[start]] < level) {
        start++
        continue
      }
      let end = start
      while (end < order.length && levels[order[end]] >= level) end++
      for (let i = start, j = end - 1; i < j; i++, j--) {
        ;[order[i], order[j]] = [order[j], order[i]]
      }
      start = end
    }
  }
  return order
}

/**
 * The levels of pieces of text in logical order, e.g. words or their parts:
 * each piece takes the level of its first character, with the algorithm run
 * over the whole paragraph, so numbers with separators (10:02, 2025/04/18,
 * 1,234.50) and neutrals between pieces resolve as UAX #9 says.
 */
export function resolvePieceLevels(
  pieces: string[],
  direction: Direction
): number[] {
  const levels = resolveLevels(pieces.join(''), direction)
  const base = direction === 'rtl' ? 1 : 0
  let offset = 0
  return pieces.map((piece) => {
    const level = piece ? levels[offset] : base
    offset += piece.length
    return level
  })
}

/**
 * Splits a piece of text where the levels of its characters change, from
 * `offset` in the paragraph's levels.
 */
export function splitByLevels(
  text: string,
  levels: ArrayLike<number>,
  offset: number
): string[] {
  const parts: string[] = []
  let start = 0
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || levels[offset + i] !== levels[offset + start]) {
      // Keep surrogate pairs and clusters whole: split only between code
      // points.
      const code = text.charCodeAt(i)
      if (i < text.length && code >= 0xdc00 && code <= 0xdfff) continue
      parts.push(text.slice(start, i))
      start = i
    }
  }
  return parts
}

/**
 * Pictor (bidi-plaintext): the base direction of a block container's
 * paragraph. `unicode-bidi: plaintext` takes it from the paragraph's first
 * strong character (UAX #9 P2–P3, left to right without one), set where the
 * style is computed (`_paragraphDirection`, not inherited); otherwise it is
 * `direction`. `text-align: start` and `end` follow it too (CSS Text 3).
 */
export function paragraphDirection(style: Record<string, unknown>): Direction {
  const own = style._paragraphDirection ?? style.direction
  return own === 'rtl' ? 'rtl' : 'ltr'
}

/** `unicode-bidi: plaintext`'s base direction for a block with these children (see paragraphDirection). */
export function plaintextDirection(children: unknown): Direction {
  return firstStrong(children) ?? 'ltr'
}

/** Elements whose text `dir="auto"` doesn't look at (HTML's "auto directionality"). */
const SKIPPED_FOR_AUTO = new Set(['bdi', 'script', 'style', 'textarea'])

/**
 * The direction of `dir="auto"`: of the first strong character in the text
 * of an element's children, skipping the content of elements with a `dir`
 * of their own, `<bdi>`, `<script>`, `<style>` and `<textarea>`; `ltr`
 * without one.
 * https://html.spec.whatwg.org/multipage/dom.html#auto-directionality
 */
export function autoDirection(children: unknown): Direction {
  return firstStrong(children) ?? 'ltr'
}

function firstStrong(node: unknown): Direction | undefined {
  if (typeof node === 'string') {
    for (const char of node) {
      const type = getBidi().getBidiCharTypeName(char)
      if (type === 'L') return 'ltr'
      if (type === 'R' || type === 'AL') return 'rtl'
    }
    return undefined
  }
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = firstStrong(child)
      if (found) return found
    }
    return undefined
  }
  if (node && typeof node === 'object' && 'props' in node) {
    const { type, props } = node as { type?: unknown; props?: any }
    if (typeof type === 'string' && SKIPPED_FOR_AUTO.has(type)) return
    if (props?.dir !== undefined) return
    return firstStrong(props?.children)
  }
  return undefined
}
