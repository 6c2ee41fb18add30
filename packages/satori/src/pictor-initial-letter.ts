/**
 * Pictor (initial-letter): `initial-letter: N` on `::first-letter` (CSS Inline 3 §7), a sunk drop cap as Chromium
 * draws it. The letter is sized so that its cap height spans N lines of its paragraph — from the first line's cap
 * height to the Nth line's baseline — its cap top on the first line's, and it is an exclusion at the start of the
 * line that the first N lines wrap beside. It is drawn here as the float it behaves as: at the inline start, its
 * font size from the cap heights of the two faces, its line height putting its baseline on the Nth line's, and its
 * margin box N lines tall and as wide as its ink. Only a drop cap (sink equal to size, the value's default) is drawn; a raised or sunk-by-
 * other cap (`initial-letter: 3 1`) keeps the text's size, and core warns about it.
 */
import type { SerializedStyle } from './handler/expand.js'
import type FontLoader from './font.js'
import type { Locale } from './language.js'

/** The size of a drop cap of `initial-letter: value`: a whole number of lines, undefined for anything else. */
export function dropCapLines(value: unknown): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)(?:\s+(\d+))?\s*$/.exec(String(value ?? ''))
  if (!match) return
  const size = Number(match[1])
  const sink = match[2] === undefined ? Math.floor(size) : Number(match[2])
  if (!Number.isInteger(size) || size < 1 || sink !== size || size > 32) return
  return size
}

/**
 * The style of a `::first-letter` with `initial-letter` as the float that draws it; `style` unchanged when the value
 * is not a drop cap. `paragraph` is the block's inherited style (its font, size and line height), `letter` the
 * letter's own computed style before this change (its face).
 */
export function initialLetterStyle(
  style: Record<string, unknown>,
  text: string,
  paragraph: SerializedStyle,
  letter: SerializedStyle,
  font: FontLoader,
  locale: Locale | undefined
): Record<string, unknown> {
  const lines = dropCapLines(style.initialLetter)
  if (lines === undefined) return style
  const paragraphSize = Number(paragraph.fontSize) || 16
  const lineEngine = font.getEngine(
    paragraphSize,
    paragraph.lineHeight as number | string,
    paragraph as any,
    locale
  )
  const lineHeight = lineEngine.height()
  const firstBaseline = lineEngine.baseline()
  // The letter's cap height: the paragraph's, plus the lines it sinks below the first.
  const capHeight =
    font.getCapRatio(paragraph as any) * paragraphSize + (lines - 1) * lineHeight
  const size = capHeight / font.getCapRatio(letter as any)
  const letterEngine = font.getEngine(size, 'normal', letter as any, locale)
  const ascent = Math.round(letterEngine.ascent())
  const descent = Math.round(letterEngine.descent())
  // Its baseline on the Nth line's: in a line box of height L the baseline is
  // ascent + (L - ascent - descent) / 2.
  const baseline = firstBaseline + (lines - 1) * lineHeight
  const ownLineHeight = Math.max(0, 2 * baseline - ascent + descent)
  // Its box is the ink's width: the glyphs' side bearings are outside it, as
  // in Chromium (the ink starts at the paragraph's edge, the text beside it
  // right after the ink), in whole pixels; ink beyond the advance (the tail
  // of an Arabic ع) does not widen it.
  const ink = font.getInkBearings(letter as any, text, size)
  const rtl = paragraph.direction === 'rtl'
  const { initialLetter: _, ...rest } = style
  return {
    ...rest,
    float: rtl ? 'right' : 'left',
    marginLeft: -Math.max(0, Math.floor(ink.start)),
    marginRight: -Math.max(0, Math.floor(ink.end)),
    fontSize: size,
    lineHeight: `${ownLineHeight}px`,
    verticalAlign: 'baseline',
    marginTop: 0,
    // The first N lines wrap beside it, and the next ones while its ink goes
    // on below the Nth line's baseline (a descender).
    marginBottom:
      Math.max(lines * lineHeight, baseline + Math.ceil(ink.below)) -
      ownLineHeight,
  }
}
