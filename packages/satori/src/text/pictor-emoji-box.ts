/**
 * Pictor (emoji-box): where an emoji drawn as a picture (Twemoji's artwork,
 * `graphemeImages`) sits on its line, and what it adds to the line's height,
 * as Chromium sets the same artwork from Twemoji's colour font (Mozilla's
 * COLR build: 512 units per em, OS/2 typographic ascent 448, descent -64,
 * line gap 46, with USE_TYPO_METRICS set, so those are the metrics Skia
 * reads). Each emoji is an em square from 0.875 em above the baseline to
 * 0.125 em below.
 *
 * satori centred the picture on the line box of whatever font the text
 * resolved the emoji to (none has it: the last fallback), so emoji after
 * text in a tall font (Noto Sans Arabic) were drawn 3–7 px above Chromium's,
 * and with `line-height: normal` a line of Inter text with an emoji grew by
 * that fallback's height (22 px instead of 20 at 16 px).
 */
import { plainGraphemes } from '../pictor-graphemes.js'

const UNITS_PER_EM = 512
const ASCENT = 448
const DESCENT = 64
const LINE_GAP = 46

/** The top of an emoji's picture on a line whose baseline is at `baseline`. */
export function emojiTop(baseline: number, fontSize: number): number {
  return baseline - (ASCENT / UNITS_PER_EM) * fontSize
}

/**
 * The line box an emoji gives its line with `line-height: normal`, as a
 * font's `height` and `baseline` in the font engine: ascent, descent and
 * line gap each rounded, half of the gap (floored) above.
 */
export function emojiLineBox(fontSize: number): {
  height: number
  baseline: number
} {
  const ascent = Math.round((ASCENT / UNITS_PER_EM) * fontSize)
  const descent = Math.round((DESCENT / UNITS_PER_EM) * fontSize)
  const gap = Math.round((LINE_GAP / UNITS_PER_EM) * fontSize)
  return { height: ascent + descent + gap, baseline: ascent + Math.floor(gap / 2) }
}

/**
 * Whether the line metrics of a piece of text are an emoji's: its first
 * grapheme is drawn as a picture (the font engine resolves a piece's font by
 * its first character) and the line height is `normal` (with a number or a
 * length every piece has the first available font's box).
 */
export function isEmojiPiece(
  text: string,
  lineHeight: unknown,
  isImage: (grapheme: string) => boolean
): boolean {
  if (lineHeight !== 'normal' || !text) return false
  // Two characters of plain text are two graphemes (plain-text-graphemes): the first is the first character, and no
  // segmenter is built (ICU's break rules load with the first one, ~15 ms of a fresh worker's first render).
  const plain = plainGraphemes(text.slice(0, 2))
  if (plain) return isImage(plain[0] as string)
  // A grapheme is a few code points: look at the start only.
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const { value } = graphemes.segment(text.slice(0, 32))[Symbol.iterator]().next()
  return !!value && isImage(value.segment)
}

// Made on first use: an ICU object cannot be held in a startup snapshot (Pictor's workers start from one).
let graphemes: Intl.Segmenter | undefined
