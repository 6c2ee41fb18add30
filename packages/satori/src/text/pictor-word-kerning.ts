/**
 * Pictor (kerning-across-words): the kerning between a word's trailing space and the next word's first letter.
 * Chromium shapes a run of text whole, so a font's pairs with the space (Libre Baskerville's ` w`, ` A`, ` T`;
 * Roboto's ` T`; Libertinus') move the next word; words measured one by one lost them, so lines were that much longer
 * and broke earlier. The adjustment belongs to the hanging space: it is gone when a line ends after the word.
 */

interface KernedSegment {
  item: { kind: string; run?: unknown }
  text?: string
  width: number
}

interface KernedWord {
  segments: KernedSegment[]
  forceBreak: boolean
  width: number
  trailing: number
}

/** Pair kernings by font engine (or measuring function) and then by size and features: engines live for the render. */
const pairs = new WeakMap<object, Map<string, number>>()

/** How a pair's kerning is cached: the engine that shapes it and what else changes it (size, features). */
export interface KerningScope {
  engine: object
  variant: string
}

/** How to measure a segment's text, and where its pair kernings are cached. */
type SegmentMeasure = (segment: KernedSegment) => {
  measure: (text: string) => number
  scope?: KerningScope
}

/** The kerning of `left`'s last character with `right`'s first, in px (0 for most pairs). */
export function pairKerning(
  measure: (text: string) => number,
  left: string,
  right: string,
  scope?: KerningScope
): number {
  const pair = left.slice(-1) + String.fromCodePoint(right.codePointAt(0) as number)
  const owner = scope?.engine ?? measure
  let known = pairs.get(owner)
  if (!known) pairs.set(owner, (known = new Map()))
  const key = scope ? `${scope.variant}\u0001${pair}` : pair
  let kerning = known.get(key)
  if (kerning === undefined) {
    kerning = measure(pair) - measure(pair[0] as string) - measure(pair.slice(1))
    known.set(key, kerning)
  }
  return kerning
}

/** The style properties that decide how a run is shaped: runs alike in all of them are shaped as one. */
const SHAPING = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'fontStretch',
  'fontVariant',
  'fontFeatureSettings',
  'fontVariationSettings',
  'fontKerning',
  'letterSpacing',
  'wordSpacing',
  'textTransform',
  'direction',
]

function shapedAlike(a: { style?: Record<string, unknown>; locale?: unknown }, b: typeof a): boolean {
  if (a === b) return true
  if (!a.style || !b.style || a.locale !== b.locale) return false
  return SHAPING.every((key) => a.style![key] === b.style![key])
}

/** A text segment at the end (or start) of a word, past boxes that open or close there without any width. */
function edgeText(segments: KernedSegment[], fromEnd: boolean): KernedSegment | undefined {
  for (let k = 0; k < segments.length; k++) {
    const segment = segments[fromEnd ? segments.length - 1 - k : k]
    if (segment.item.kind === 'text') return segment.text ? segment : undefined
    if ((segment.item.kind !== 'open' && segment.item.kind !== 'close') || segment.width) return undefined
  }
  return undefined
}

/**
 * Adds to each word that ends with a hanging space and is followed by another word shaped alike (in the same run,
 * or in another run of the same font past boxes without width, which Chromium shapes as one), the kerning of that
 * space with the next word's first character (to its width and to its hanging part).
 */
export function kernAcrossWords<W extends KernedWord>(
  words: W[],
  measureOf: SegmentMeasure
): void {
  for (let i = 0; i + 1 < words.length; i++) {
    const word = words[i]
    const next = words[i + 1]
    if (!word.trailing || next.forceBreak) continue
    const last = edgeText(word.segments, true)
    const first = edgeText(next.segments, false)
    if (
      !last?.text ||
      !first?.text ||
      last.text[last.text.length - 1] !== ' ' ||
      !shapedAlike(last.item.run as never, first.item.run as never)
    )
      continue
    const { measure, scope } = measureOf(last)
    const adjust = pairKerning(measure, last.text, first.text, scope)
    if (!adjust) continue
    last.width += adjust
    word.width += adjust
    word.trailing += adjust
  }
}

/** Characters that belong to a cluster with the one before: marks, joiners, variation selectors, emoji modifiers. */
const CLUSTER_PART = /[\p{M}\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}\u{1f3fb}-\u{1f3ff}]/u

/**
 * Pictor (kerning-without-space): whether the kerning of `left`'s last character with `right`'s first can be measured
 * as a pair: neither is white space, and neither edge is part of a cluster (a mark, a joiner, a variation selector, an
 * emoji modifier) or an astral character, which measured alone may not be the glyph the run has.
 */
export function kernsWithoutSpace(left: string, right: string): boolean {
  const last = left.charCodeAt(left.length - 1)
  const first = right.codePointAt(0)
  // Astral characters (emoji, rare ideographs) are left out: they may be images, or halves of a pair.
  if (!left || first === undefined || first > 0xffff) return false
  if (last >= 0xd800 && last <= 0xdfff) return false
  const leftChar = left[left.length - 1] as string
  const rightChar = String.fromCodePoint(first)
  const afterFirst = right.codePointAt(1)
  return (
    !/\s/.test(leftChar) &&
    !/\s/.test(rightChar) &&
    !CLUSTER_PART.test(leftChar) &&
    !CLUSTER_PART.test(rightChar) &&
    !(afterFirst !== undefined && CLUSTER_PART.test(String.fromCodePoint(afterFirst)))
  )
}

/**
 * Pictor (kerning-without-space): the kerning of a word that ends without a space (a break opportunity between two
 * characters: CJK, or after a hyphen) with the next word, shaped alike. Chromium shapes the run whole, so the pair's
 * kerning (Noto Sans JP's `ー` with `ス`, -50/1000 em) applies while both are on one line, and is gone when the line
 * breaks between them; words measured one by one lost it, so such lines were longer and broke earlier. Returns the
 * words that kern with the word before them: the kerning, and where to add it (the last text segment of the word
 * before, which has none of it).
 */
export function kerningBetween<W extends KernedWord>(
  words: W[],
  measureOf: SegmentMeasure
): Map<W, { kerning: number; segment: KernedSegment }> {
  const result = new Map<W, { kerning: number; segment: KernedSegment }>()
  for (let i = 0; i + 1 < words.length; i++) {
    const word = words[i]
    const next = words[i + 1]
    if (word.trailing || next.forceBreak) continue
    const last = edgeText(word.segments, true)
    const first = edgeText(next.segments, false)
    if (
      !last?.text ||
      !first?.text ||
      !kernsWithoutSpace(last.text, first.text) ||
      !shapedAlike(last.item.run as never, first.item.run as never)
    )
      continue
    const { measure, scope } = measureOf(last)
    const kerning = pairKerning(measure, last.text, first.text, scope)
    if (kerning) result.set(next, { kerning, segment: last })
  }
  return result
}

/**
 * Pictor (kerning-across-boxes): the kerning between two text segments of one word that are shaped alike, with only
 * inline box edges without width between them (a `<q>`'s generated quote and the quoted word, a `<span>` in a word).
 * Chromium shapes such text as one run, so the pair is kerned (Inter's `“q`, `m”`); segments measured one by one lost
 * it. Added to the first segment's width and to the word's.
 */
export function kernWithinWords<W extends KernedWord>(
  words: W[],
  measureOf: SegmentMeasure
): void {
  for (const word of words) {
    let last: KernedSegment | undefined
    for (const segment of word.segments) {
      const { kind } = segment.item
      if (kind === 'text') {
        if (!segment.text) continue
        if (
          last?.text &&
          kernsWithoutSpace(last.text, segment.text) &&
          shapedAlike(last.item.run as never, segment.item.run as never)
        ) {
          const { measure, scope } = measureOf(last)
          const kerning = pairKerning(measure, last.text, segment.text, scope)
          if (kerning) {
            last.width += kerning
            word.width += kerning
          }
        }
        last = segment
      } else if ((kind !== 'open' && kind !== 'close') || segment.width) {
        last = undefined
      }
    }
  }
}
