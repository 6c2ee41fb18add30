/**
 * Pictor (vertical-writing): adjacent full-width punctuation collapsed, see
 * `trimPunctuation()`.
 */
import type { Piece, Segment, ShapedPart } from './pictor-vertical-runs.js'

/** Full-width punctuation kinds, after Chromium's `HanKerning`. */
const OPENING = new Set('「『（［｛〈《【〔〖〘〚｟〝＜')
const CLOSING = new Set('」』）］｝〉》】〕〗〙〛｠〞〟＞、。，．')
const MIDDLE = new Set('・\u3000')

/**
 * Pictor (vertical-writing): adjacent full-width punctuation, as
 * `text-spacing-trim: normal` collapses it (the font's half-width forms): an
 * opening bracket after punctuation loses the space before it, closing
 * punctuation before closing punctuation the space after it; closing
 * punctuation at the end of a segment may lose its space after to fit at
 * the end of a column. Full-width punctuation keeps its ink in one half of
 * its em, so the glyph itself is unchanged, only moved.
 */
export function trimPunctuation(segments: Segment[]) {
  type Slot = {
    part: ShapedPart
    index: number
    char: string
    half: number
    piece: Piece
    segment: Segment
  }
  let previous: Slot | undefined
  for (const segment of segments) {
    if (segment.breakBefore) previous = undefined
    let last: Slot | undefined
    for (const piece of segment.pieces) {
      if (piece.orientation !== 'upright' || piece.isSpace) {
        previous = undefined
        if (!piece.isSpace) last = undefined
        continue
      }
      const half = piece.style.fontSize / 2
      for (const part of piece.parts) {
        for (const [index, g] of part.glyphs.entries()) {
          const char = String.fromCodePoint(part.text.codePointAt(g.cl) ?? 32)
          const slot: Slot = { part, index, char, half, piece, segment }
          if (previous && OPENING.has(char) && part.glyphs.length) {
            if (
              OPENING.has(previous.char) ||
              CLOSING.has(previous.char) ||
              MIDDLE.has(previous.char)
            ) {
              ;(part.trimStart ??= [])[index] = half
              piece.advance -= half
              segment.advance -= half
            }
          } else if (
            previous &&
            CLOSING.has(previous.char) &&
            (CLOSING.has(char) || MIDDLE.has(char))
          ) {
            ;(previous.part.trimEnd ??= [])[previous.index] = previous.half
            previous.piece.advance -= previous.half
            previous.segment.advance -= previous.half
          }
          previous = slot
          last = slot
        }
      }
    }
    segment.endTrim =
      last && CLOSING.has(last.char) && !last.part.trimEnd?.[last.index]
        ? last.half
        : 0
  }
}
