/**
 * Pictor (synthetic-small-caps): small capitals for a face without them, as Chromium makes them.
 *
 * `font-variant-caps: small-caps` (or `font-variant: small-caps`) asks for the `smcp` feature; a face that has no
 * `smcp` lookup (LaTeX.css's Latin Modern, every @fontsource subset) gets synthesised small capitals in Chromium
 * (Blink's `OpenTypeCapsSupport` and `SimpleFontData::SmallCapsFontData`): each character that changes when
 * upper-cased is drawn as its capital in the same face at 0.7 of the font size rounded to a whole pixel
 * (`kSmallCapsFontSizeMultiplier`, `lroundf`; 16 px → 11 px), the rest as it is. `all-small-caps` without `smcp`
 * and `c2sc` draws every character so, capitals, figures and spaces too. `petite-caps` and `all-petite-caps` are
 * the same when the face has neither `pcap` nor `smcp` (resp. `c2pc`/`c2sc`). Measured in Chromium 156: ten Latin
 * Modern `a` in small caps are as wide as ten `A` at 11 px at 16 px, 12 px at 17 px, 9 px at 13 px.
 */
import type opentype from '@shuding/opentype.js'
import { gsubFeatureTags } from '../pictor-shaping-tables.js'

/** Which characters are drawn as small capitals: those that change when upper-cased, or all. */
export type CapsSynthesis = 'lower' | 'all'

/** Markers in a `fontFeatureSettings` value (unquoted, so no shaper reads them) asking for synthesis. */
const MARKS: Record<CapsSynthesis, string> = {
  lower: 'pictor-caps-lower',
  all: 'pictor-caps-all',
}

/** The features a face must have for each `font-variant-caps` keyword not to be synthesised, by keyword. */
const NEEDED: Record<string, { mode: CapsSynthesis; any: string[][] }> = {
  'small-caps': { mode: 'lower', any: [['smcp']] },
  'petite-caps': { mode: 'lower', any: [['pcap'], ['smcp']] },
  'all-small-caps': { mode: 'all', any: [['smcp', 'c2sc']] },
  'all-petite-caps': {
    mode: 'all',
    any: [
      ['pcap', 'c2pc'],
      ['smcp', 'c2sc'],
    ],
  },
}

/** The marker that `fontVariantCaps` adds to the font feature settings, if it asks for small capitals. */
export function capsMark(fontVariantCaps: unknown): string | undefined {
  const keyword =
    typeof fontVariantCaps === 'string' ? fontVariantCaps.trim() : ''
  const needed = NEEDED[keyword]
  return needed ? `${MARKS[needed.mode]}-${keyword}` : undefined
}

/** The synthesis a font feature settings value asks for, and the keyword it came from. */
export function capsSynthesisOf(
  settings: string | undefined
): { mode: CapsSynthesis; keyword: string } | undefined {
  if (!settings || !settings.includes('pictor-caps-')) return
  const match = /pictor-caps-(lower|all)-([a-z-]+)/.exec(settings)
  if (!match) return
  return { mode: match[1] as CapsSynthesis, keyword: match[2] }
}

/**
 * The GSUB feature tags of a face, read from its bytes (Pictor, shaping-tables-unparsed: opentype.js does not parse
 * GSUB).
 */
function featuresOf(font: opentype.Font): Set<string> {
  return gsubFeatureTags((font as any)._rawFontData)
}

/** Whether `font` lacks the features of `keyword`, so that Chromium synthesises its small capitals. */
export function synthesises(font: opentype.Font, keyword: string): boolean {
  const needed = NEEDED[keyword]
  if (!needed) return false
  const tags = featuresOf(font)
  return !needed.any.some((set) => set.every((tag) => tags.has(tag)))
}

/** A piece of text: as written, as shaped (upper-cased when small), and whether it is drawn small. */
export interface CapsPiece {
  text: string
  shaped: string
  small: boolean
}

/**
 * The text cut where characters change between drawn as they are and drawn as small capitals. A character whose
 * capital has another length (`ß`, `ŉ`) is drawn as it is, so that each glyph's cluster stays its character's.
 */
export function smallCapsPieces(text: string, mode: CapsSynthesis): CapsPiece[] {
  if (mode === 'all') {
    return [{ text, shaped: upperSameLength(text), small: true }]
  }
  const pieces: CapsPiece[] = []
  for (const char of text) {
    const upper = char.toUpperCase()
    const small = upper !== char && upper.length === char.length
    const last = pieces[pieces.length - 1]
    if (last && last.small === small) {
      last.text += char
      last.shaped += small ? upper : char
    } else {
      pieces.push({ text: char, shaped: small ? upper : char, small })
    }
  }
  return pieces
}

function upperSameLength(text: string): string {
  let out = ''
  for (const char of text) {
    const upper = char.toUpperCase()
    out += upper.length === char.length ? upper : char
  }
  return out
}

/** The size small capitals are drawn at: 0.7 of the font size, rounded to a whole pixel. */
export function smallCapsSize(fontSize: number): number {
  return Math.round(fontSize * 0.7)
}
