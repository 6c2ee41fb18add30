/**
 * This class handles everything related to fonts.
 */
import opentype from '@shuding/opentype.js'
import { inflateSync } from 'fflate'
import { Locale, locales, isValidLocale } from './language.js'
import {
  GENERIC_FAMILIES,
  languageFaceKey,
  STANDARD_FAMILY,
} from './pictor-language-default.js'
import { canSkipInk } from './text/pictor-skip-ink.js'
import { crossesRows, mayReachRows } from './text/pictor-skip-ink-bands.js'
import { shapingLanguage } from './text/pictor-shaping-language.js'
import {
  shapeText,
  parseFontFeatureSettings,
  type ShapedGlyph,
} from './harfbuzz.js'
import { segment } from './utils.js'
import type { PictorTunings } from './pictor-tunings.js'
import {
  lineEndTrims,
  punctuationTrims,
  takeTrimmedEnd,
} from './text/pictor-cjk-spacing.js'
import { commonTextScript } from './text/pictor-common-script.js'
import {
  glyphPath,
  glyphPathTenths,
  glyphRecord,
} from './pictor-glyph-paths.js'
import { hintedGlyph } from './pictor-autohint/index.js'
import { variedFont, type VariationStyle } from './pictor-variations.js'
import { LazyFace, lazyFaceOf } from './pictor-lazy-faces.js'
import { parseWithoutShapingTables } from './pictor-shaping-tables.js'
import { verticalMetrics } from './pictor-line-metrics.js'
import { cursiveUnits, hasCursive } from './text/pictor-cursive-spacing.js'
import {
  capsSynthesisOf,
  smallCapsPieces,
  smallCapsSize,
  synthesises,
} from './text/pictor-small-caps.js'
import {
  isGeometricPrecision,
  roundedAscentDescent,
} from './pictor-text-rendering.js'

const MAX_SHAPED_RUN_CACHE_ENTRIES = 256

/**
 * Check if a character is whitespace (space, tab, etc.)
 */
function isWhitespace(char: string): boolean {
  return /^\s$/.test(char)
}

/**
 * Split content into segments where each segment uses the same font.
 * Returns array of [text, font] pairs.
 *
 * Whitespace characters are kept with the preceding segment's font when
 * possible. This ensures proper spacing within text runs and prevents
 * HarfBuzz from shaping whitespace separately (which can cause spacing issues).
 */
function splitByFont(
  content: string,
  resolveFont: (word: string) => opentype.Font,
  primaryHas?: (grapheme: string) => boolean
): Array<[string, opentype.Font]> {
  if (!content) return []

  const graphemes = segment(content, 'grapheme')
  const result: Array<[string, opentype.Font]> = []

  let currentText = ''
  let currentFont: opentype.Font | null = null

  for (const grapheme of graphemes) {
    // For whitespace, try to keep it with the current font if the font
    // has a glyph for it. This maintains proper spacing within text runs.
    let font: opentype.Font
    // Pictor (fallback-on-primary-baseline): a space is drawn by the first
    // font that has it, as in Chrome (Inter's after Han from Noto Sans SC),
    // unless the run's font is a fallback font the family's fonts precede.
    if (isWhitespace(grapheme) && currentFont !== null && !primaryHas?.(grapheme)) {
      // Check if current font has a glyph for this whitespace
      if (currentFont.charToGlyphIndex(grapheme)) {
        font = currentFont
      } else {
        font = resolveFont(grapheme)
      }
    } else {
      font = resolveFont(grapheme)
    }

    if (currentFont === null) {
      currentFont = font
      currentText = grapheme
    } else if (font === currentFont) {
      currentText += grapheme
    } else {
      result.push([currentText, currentFont])
      currentText = grapheme
      currentFont = font
    }
  }

  if (currentText && currentFont) {
    result.push([currentText, currentFont])
  }

  return result
}

/**
 * Pictor (own-emoji-font): whether one of the element's own family fonts
 * (not a fallback) has a glyph for every character of an emoji sequence,
 * its variation selectors and joiners aside, and no built-in text face
 * stands in for the emoji (a `©` of Inter is not the page's emoji font).
 */
function familyHasEmoji(fonts: opentype.Font[], s: string) {
  const chars = [...s].filter((c) => !/[\uFE0E\uFE0F\u200D]/.test(c))
  return fonts.some(
    (font) =>
      !!font &&
      isEmojiFont(font) &&
      chars.every((c) => !!font.charToGlyphIndex(c))
  )
}

/** A font made for emoji: one that has the thumbs-up sign (U+1F44D). */
function isEmojiFont(font: opentype.Font) {
  return !!font.charToGlyphIndex('\u{1F44D}')
}

/** Whether font data is WOFF2, from its `wOF2` signature. */
function isWoff2(data: ArrayBuffer) {
  if (data.byteLength < 4) return false
  const bytes = new Uint8Array(data, 0, 4)
  return (
    bytes[0] === 0x77 &&
    bytes[1] === 0x4f &&
    bytes[2] === 0x46 &&
    bytes[3] === 0x32
  )
}

const FVAR = 0x66766172

/**
 * Variable fonts are read as their default instance. opentype.js fails to
 * parse their `fvar` table, as it reads the names of the axes from the `name`
 * table, which it doesn't parse. So it's given a copy where the table is
 * renamed, and skips it.
 */
function withoutVariations(data: ArrayBuffer) {
  const view = new DataView(data)
  if (data.byteLength < 12) return data
  // The table records of WOFF and of TrueType or OpenType fonts.
  const isWoff = view.getUint32(0) === 0x774f4646
  const count = view.getUint16(isWoff ? 12 : 4)
  const start = isWoff ? 44 : 12
  const size = isWoff ? 20 : 16
  for (let i = 0; i < count; i++) {
    const record = start + i * size
    if (record + 4 > data.byteLength) break
    if (view.getUint32(record) === FVAR) {
      const copy = data.slice(0)
      // `_var`
      new DataView(copy).setUint32(record, 0x5f766172)
      return copy
    }
  }
  return data
}

/**
 * Convert WOFF to raw sfnt (TrueType/OpenType) format for HarfBuzz.
 */
function woffToSfnt(woff: ArrayBuffer): ArrayBuffer {
  const view = new DataView(woff)
  const numTables = view.getUint16(12)
  const sfntSize = view.getUint32(16)

  const sfnt = new ArrayBuffer(sfntSize)
  const out = new DataView(sfnt)
  const outBytes = new Uint8Array(sfnt)

  // Write sfnt header (flavor from WOFF becomes signature)
  out.setUint32(0, view.getUint32(4))
  out.setUint16(4, numTables)
  const entrySelector = Math.floor(Math.log2(numTables))
  const searchRange = (1 << entrySelector) * 16
  out.setUint16(6, searchRange)
  out.setUint16(8, entrySelector)
  out.setUint16(10, numTables * 16 - searchRange)

  let tableOffset = 12 + numTables * 16

  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20
    const tag = view.getUint32(entry)
    const offset = view.getUint32(entry + 4)
    const compLen = view.getUint32(entry + 8)
    const origLen = view.getUint32(entry + 12)
    const checksum = view.getUint32(entry + 16)

    // Write table record
    const record = 12 + i * 16
    out.setUint32(record, tag)
    out.setUint32(record + 4, checksum)
    out.setUint32(record + 8, tableOffset)
    out.setUint32(record + 12, origLen)

    // Decompress or copy table data
    if (compLen < origLen) {
      const compressed = new Uint8Array(woff, offset + 2, compLen - 2)
      outBytes.set(inflateSync(compressed), tableOffset)
    } else {
      outBytes.set(new Uint8Array(woff, offset, origLen), tableOffset)
    }

    tableOffset += (origLen + 3) & ~3
  }

  return sfnt
}

export type Weight = 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900
export type WeightName = 'normal' | 'bold'
export type FontWeight = Weight | WeightName
export type FontStyle = 'normal' | 'italic'
const SUFFIX_WHEN_LANG_NOT_SET = 'unknown'

/**
 * Pictor (lazy-font-bytes): a face's bytes read when the face is first parsed — a function called at most once per
 * identity, for bytes a process may never need (a built-in face no render names).
 */
export type FontBytesReader = () => Buffer | ArrayBuffer

export interface FontOptions {
  /** The face's file, or (Pictor, lazy-font-bytes) a function that reads it when a render first needs the face. */
  data: Buffer | ArrayBuffer | FontBytesReader
  name: string
  weight?: Weight
  style?: FontStyle
  lang?: string
  /**
   * Pictor (advances-per-face): this face's glyph advances in whole pixels
   * (true) or fractional (false), as Chromium sets them by where a face comes
   * from; default: the `wholePixelAdvances` option of the render.
   * Pictor (fallback-advances): `'when-named'` — whole pixels where the
   * element's font-family names the face, fractional where it draws glyphs as
   * a fallback, as Chromium sets a local font it finds by name (its family's
   * hinting) and one it falls back to (the default's).
   */
  wholePixelAdvances?: boolean | 'when-named'
  /**
   * Pictor (variable-fonts): the weights a variable face serves, as an
   * `@font-face` rule's `font-weight` range gives them (one weight: `[w, w]`);
   * the `wght` axis is clamped to it. Default: the whole axis.
   */
  weightRange?: [number, number]
  /**
   * Pictor (unicode-range): the code points an `@font-face` rule's
   * `unicode-range` gives the face (inclusive ranges). Faces of one family,
   * weight and style that differ in it are one font, as CSS composes them:
   * each character is drawn by a face whose range holds it, the faces given
   * later first. Default: every code point.
   */
  unicodeRange?: [number, number][]
}

export type GlyphBox = {
  x1: number
  x2: number
  y1: number
  y2: number
}

/**
 * The width of the stroke that emboldens synthetic bold glyphs, like the fake
 * bold of Skia, which Chrome uses: 1/24 of the font size at 9px and smaller,
 * and 1/32 at 36px and larger. Their advances don't change.
 */
/**
 * Pictor (line-height-layout-units): a line-height in px as Chromium keeps it,
 * in its layout unit (1/64 px): a number times the font size floored to one,
 * a length (`px`, `em`, `%`, computed to px) rounded to the nearest.
 * Bootstrap's 16px at 1.42857143 is 22.84375 px a line there, not 22.857: the
 * lines of a long page drift apart by a pixel every 75 lines, and the glyphs
 * of a line round to the other pixel row well before that. (The epsilon keeps
 * a product that is a whole number of units from losing one.)
 */
export function lineHeightInLayoutUnits(px: number, length = false): number {
  return length
    ? Math.round(px * 64) / 64
    : Math.floor(px * 64 + 1e-6) / 64
}

/**
 * Pictor (half-leading-layout-units): the part of a line's leading above the
 * text, as Blink splits it: the leading halved in layout units (1/64 px, the
 * quotient truncated toward zero), then floored to a pixel. A leading of
 * -1/64 px (a 13.33 px `<sub>` at line-height 1.2: 15.984375 px for a 16 px
 * content area) puts nothing above, where flooring the half at once took a
 * whole pixel: the line of a subscript was a pixel taller than Chromium's,
 * that of a superscript a pixel shorter.
 */
export function halfLeadingAbove(leading: number): number {
  return Math.floor(Math.trunc(Math.round(leading * 64) / 2) / 64)
}

export function getSyntheticBoldWidth(fontSize: number) {
  const t = Math.min(1, Math.max(0, (fontSize - 9) / (36 - 9)))
  return fontSize * (1 / 24 + (1 / 32 - 1 / 24) * t)
}

/** Synthetic italic glyphs are slanted by a quarter, like in Chrome. */
const SYNTHETIC_SKEW = 0.25

/** Which styles are synthesized for the glyphs of a font. */
type Synthesis = (font: opentype.Font) => { bold: boolean; italic: boolean }

/**
 * Whether a font style is italic or oblique enough to be slanted. Like in
 * Chrome, oblique angles smaller than 11deg aren't.
 * https://www.w3.org/TR/css-fonts-4/#font-style-matching
 */
function isSlanted(fontStyle: string) {
  if (fontStyle === 'italic') return true
  const oblique = /^oblique(?:\s+(-?[\d.]+)deg)?$/.exec(fontStyle.trim())
  return !!oblique && Number(oblique[1] ?? 14) >= 11
}

/**
 * Whether the bold and italic of a font are synthesized when it's missing,
 * from `fontSynthesis` and its longhands, which are both on by default.
 */
function allowsSynthesis(style: {
  fontSynthesis?: unknown
  fontSynthesisWeight?: unknown
  fontSynthesisStyle?: unknown
}) {
  const keywords = String(style.fontSynthesis ?? 'weight style').split(/\s+/)
  const longhand = (value: unknown, keyword: string) =>
    value === undefined ? keywords.includes(keyword) : value !== 'none'
  return {
    weight: longhand(style.fontSynthesisWeight, 'weight'),
    style: longhand(style.fontSynthesisStyle, 'style'),
  }
}
type SkipInkBand = {
  underlineY: number
  strokeWidth: number
}

export type FontEngine = {
  has: (s: string) => boolean
  baseline: (s?: string, resolvedFont?: any) => number
  height: (s?: string, resolvedFont?: any) => number
  /** The ascent and descent of the content area, without the leading. */
  ascent: (s?: string) => number
  descent: (s?: string) => number
  measure: (
    s: string,
    style: {
      fontSize: number
      letterSpacing: number
      wordSpacing?: number
      fontFeatureSettings?: string
    }
  ) => number
  getSVG: (
    s: string,
    style: {
      fontSize: number
      top: number
      left: number
      letterSpacing: number
      wordSpacing?: number
      fontFeatureSettings?: string
      /** The shaping direction, guessed from the text by default. */
      direction?: TextDirection
    },
    band?: SkipInkBand
  ) => GlyphPaths
  /** Pictor (vertical-writing): the font that draws `s`, for vertical text. */
  fontFor: (s: string) => opentype.Font | undefined
}

/**
 * The paths of glyphs. Synthetic bold glyphs are in `boldPath`, which is
 * stroked to embolden them, see `getSyntheticBoldWidth()`.
 */
export interface GlyphPaths {
  path: string
  boldPath: string
  boxes: GlyphBox[]
}

export type TextDirection = 'ltr' | 'rtl'

type ShapedRun = [
  text: string,
  font: opentype.Font,
  glyphs: ShapedGlyph[],
  /** Pictor (synthetic-small-caps): drawn as small capitals. */
  small?: boolean
]

/**
 * The characters that `word-spacing` is added to.
 *
 * @see https://www.w3.org/TR/css-text-3/#word-separator
 */
const WORD_SEPARATORS =
  /[\u0020\u00a0\u1361]|\ud800[\udd00\udd01\udf9f]|\ud802\udd1f/g

function isWordSeparator(text: string, index: number) {
  const char = String.fromCodePoint(text.codePointAt(index) ?? 0)
  WORD_SEPARATORS.lastIndex = 0
  return WORD_SEPARATORS.test(char)
}

/** `word-spacing` in pixels, `normal` is 0. */
const toWordSpacing = (value: number | string | undefined) =>
  typeof value === 'number' ? value : 0
type GetShapedRuns = (
  content: string,
  fontFeatureSettings?: string,
  direction?: TextDirection
) => ShapedRun[]

type BandPoint = [number, number]

type LineSegment = {
  from: BandPoint
  to: BandPoint
}

function flattenPath(commands: opentype.Path['commands']): LineSegment[] {
  const segments: LineSegment[] = []
  let start: BandPoint = [0, 0]
  let current: BandPoint = [0, 0]

  const addCurve = (points: BandPoint[], steps: number) => {
    let prev = points[0]
    for (let i = 1; i <= steps; i++) {
      const t = i / steps
      const next = evaluateBezier(points, t)
      segments.push({ from: prev, to: next })
      prev = next
    }
    current = points[points.length - 1]
  }

  for (const cmd of commands) {
    if (cmd.type === 'M') {
      start = current = [cmd.x, cmd.y]
      continue
    }

    if (cmd.type === 'L') {
      const next: BandPoint = [cmd.x, cmd.y]
      segments.push({ from: current, to: next })
      current = next
      continue
    }

    if (cmd.type === 'Q') {
      addCurve([current, [cmd.x1, cmd.y1], [cmd.x, cmd.y]], 12)
      continue
    }

    if (cmd.type === 'C') {
      addCurve(
        [current, [cmd.x1, cmd.y1], [cmd.x2, cmd.y2], [cmd.x, cmd.y]],
        16
      )
      continue
    }

    if (cmd.type === 'Z') {
      segments.push({ from: current, to: start })
      current = start
    }
  }

  return segments
}

function evaluateBezier(points: BandPoint[], t: number): BandPoint {
  let working = points

  while (working.length > 1) {
    const next: BandPoint[] = []
    for (let i = 0; i < working.length - 1; i++) {
      next.push([
        working[i][0] + (working[i + 1][0] - working[i][0]) * t,
        working[i][1] + (working[i + 1][1] - working[i][1]) * t,
      ])
    }
    working = next
  }

  return working[0]
}

function computeBandBox(
  commands: opentype.Path['commands'],
  band?: SkipInkBand,
  onlyNearRows = false
): GlyphBox[] {
  if (!band) return []

  const strokeWidth = band.strokeWidth
  const bandMin = band.underlineY - strokeWidth * 0.25
  const bandMax = band.underlineY + strokeWidth * 2.5

  const bandHeight = bandMax - bandMin
  const ySamples = Math.max(12, Math.ceil(bandHeight / 0.25))
  const yStep = bandHeight / ySamples
  const yStart = bandMin + yStep / 2
  // Pictor (skip-ink-bands): only what reaches the rows is flattened and
  // tested (tuning `skipInkBands`).
  const yLast = yStart + yStep * (ySamples - 1)
  if (onlyNearRows && !mayReachRows(commands as any, yStart, yLast)) return []

  let segments = flattenPath(commands)
  if (!segments.length) return []
  if (onlyNearRows) {
    segments = segments.filter(({ from, to }) =>
      crossesRows(from[1], to[1], yStart, yLast)
    )
  }

  const columnHits = new Set<number>()

  for (let i = 0; i < ySamples; i++) {
    const y = yStart + yStep * i
    const intersections: number[] = []

    for (const seg of segments) {
      const [x1, y1] = seg.from
      const [x2, y2] = seg.to

      if (y1 === y2) continue
      const yMin = Math.min(y1, y2)
      const yMax = Math.max(y1, y2)
      if (y < yMin || y >= yMax) continue

      const t = (y - y1) / (y2 - y1)
      const x = x1 + (x2 - x1) * t
      intersections.push(x)
    }

    if (!intersections.length) continue
    intersections.sort((a, b) => a - b)

    for (let j = 0; j < intersections.length - 1; j += 2) {
      const from = Math.min(intersections[j], intersections[j + 1])
      const to = Math.max(intersections[j], intersections[j + 1])
      const start = Math.floor(from)
      const end = Math.ceil(to)
      for (let col = start; col < end; col++) {
        columnHits.add(col)
      }
    }
  }

  if (!columnHits.size) return []

  const columns = Array.from(columnHits.values()).sort((a, b) => a - b)
  const inkRanges: [number, number][] = []

  let rangeStart = columns[0]
  let prev = columns[0]
  for (let i = 1; i < columns.length; i++) {
    const col = columns[i]
    if (col > prev + 1) {
      inkRanges.push([rangeStart, prev + 1])
      rangeStart = col
    }
    prev = col
  }
  inkRanges.push([rangeStart, prev + 1])

  const boxes: GlyphBox[] = []
  const bleed = strokeWidth * 0.6
  const minX = inkRanges[0][0]
  const maxX = inkRanges[inkRanges.length - 1][1]

  for (const [x1, x2] of inkRanges) {
    const left = Math.min(x1, minX) - bleed
    const right = Math.max(x2, maxX) + bleed
    boxes.push({
      x1: left,
      x2: right,
      y1: bandMin,
      y2: bandMax,
    })
  }

  return boxes
}

function computeBoundingBox(
  commands: opentype.Path['commands']
): GlyphBox | null {
  const xs: number[] = []
  const ys: number[] = []

  for (const cmd of commands) {
    if ('x' in cmd && typeof cmd.x === 'number') xs.push(cmd.x)
    if ('y' in cmd && typeof cmd.y === 'number') ys.push(cmd.y)
    if ('x1' in cmd && typeof cmd.x1 === 'number') xs.push(cmd.x1)
    if ('y1' in cmd && typeof cmd.y1 === 'number') ys.push(cmd.y1)
    if ('x2' in cmd && typeof cmd.x2 === 'number') xs.push(cmd.x2)
    if ('y2' in cmd && typeof cmd.y2 === 'number') ys.push(cmd.y2)
  }

  if (!xs.length || !ys.length) {
    return null
  }

  return {
    x1: Math.min(...xs),
    x2: Math.max(...xs),
    y1: Math.min(...ys),
    y2: Math.max(...ys),
  }
}

function compareFont(
  weight,
  style,
  [matchedWeight, matchedStyle],
  [nextWeight, nextStyle]
) {
  if (matchedWeight !== nextWeight) {
    // Put the defined weight first.
    if (!matchedWeight) return 1
    if (!nextWeight) return -1

    // Exact match.
    if (matchedWeight === weight) return -1
    if (nextWeight === weight) return 1

    // 400 and 500.
    if (weight === 400 && matchedWeight === 500) return -1
    if (weight === 500 && matchedWeight === 400) return -1
    if (weight === 400 && nextWeight === 500) return 1
    if (weight === 500 && nextWeight === 400) return 1

    // Less than 400.
    if (weight < 400) {
      if (matchedWeight < weight && nextWeight < weight)
        return nextWeight - matchedWeight
      if (matchedWeight < weight) return -1
      if (nextWeight < weight) return 1
      return matchedWeight - nextWeight
    }

    // Greater than 500.
    if (weight < matchedWeight && weight < nextWeight)
      return matchedWeight - nextWeight
    if (weight < matchedWeight) return -1
    if (weight < nextWeight) return 1
    return nextWeight - matchedWeight
  }

  if (matchedStyle !== nextStyle) {
    // Exact match.
    if (matchedStyle === style) return -1
    if (nextStyle === style) return 1
  }

  return -1
}

/**
 * Pictor (glyph-height-fallback): the top of `char`'s outline in `font`'s
 * units, from its points (this opentype.js build's glyphs have no
 * `getBoundingBox`, so a face without OS/2 `sxHeight` or `sCapHeight` took
 * the default ratio); 0 without the glyph.
 */
function outlineTop(font: opentype.Font, char: string): number {
  try {
    if (!font.charToGlyphIndex(char)) return 0
    let top = 0
    for (const command of (font.charToGlyph(char) as any).path?.commands ?? []) {
      if (typeof command.y === 'number') top = Math.max(top, command.y)
    }
    return top
  } catch {
    return 0
  }
}

export default class FontLoader {
  defaultFont: LazyFace
  // Pictor (lazy-faces): faces parsed on first use.
  fonts = new Map<string, [LazyFace, Weight?, FontStyle?][]>()
  // Shaping results are cached on the loader (which persists across renders
  // for the same font configuration) so repeated renders don't re-shape
  // identical text runs with HarfBuzz.
  private shapedRunCache = new Map<string, ShapedRun[]>()
  /**
   * Pictor (render-shaping-memo): every run shaped in this render (a loader made by `forRender`), beside the
   * bounded cache above. A long document has more distinct words than that cache holds, so a word shaped when its
   * paragraph was measured had left it again when the paragraph was broken into lines and drawn: shaped two or three
   * times a render. Dropped with the render's loader; undefined on the cached loader.
   */
  private renderShapes?: Map<string, ShapedRun[]>
  /** Pictor (advances-per-face): each face's own `wholePixelAdvances`. */
  private faceAdvances = new Map<LazyFace, boolean | 'when-named'>()
  /** Pictor (variable-fonts): each face's own `weightRange`. */
  private faceWeights = new Map<LazyFace, [number, number]>()
  /** Pictor (unicode-range): each face's own `unicodeRange`. */
  private faceRanges = new Map<LazyFace, [number, number][]>()
  /** Decodes WOFF2 fonts, see `crates/layout`. */
  private decodeWoff2?: (data: Uint8Array) => ArrayBuffer | undefined
  constructor(
    fontOptions: FontOptions[],
    decodeWoff2?: (data: Uint8Array) => ArrayBuffer | undefined
  ) {
    this.decodeWoff2 = decodeWoff2
    this.addFonts(fontOptions)
  }

  // Get font by name and weight.
  private get({
    name,
    weight,
    style,
  }: {
    name: string
    weight: Weight | WeightName
    style: FontStyle
  }) {
    if (!this.fonts.has(name)) {
      return null
    }

    if (weight === 'normal') weight = 400
    if (weight === 'bold') weight = 700
    if (typeof weight === 'string')
      weight = Number.parseInt(weight, 10) as Weight

    const fonts = [...this.fonts.get(name)]

    let matchedFont = fonts[0]

    // Fallback to the closest weight and style according to the strategy here:
    // https://developer.mozilla.org/en-US/docs/Web/CSS/font-weight#fallback_weights
    for (let i = 1; i < fonts.length; i++) {
      const [, weight1, style1] = matchedFont
      const [, weight2, style2] = fonts[i]
      if (
        compareFont(weight, style, [weight1, style1], [weight2, style2]) > 0
      ) {
        matchedFont = fonts[i]
      }
    }

    return matchedFont[0]
  }

  /**
   * Pictor (unicode-range): `face` and the other faces of `name` with its
   * weight and style when they carry unicode ranges — the font CSS composes
   * of a family's `@font-face` rules that differ only in `unicode-range` — in
   * the order they were given.
   */
  private withRangeSiblings(name: string, face: LazyFace): LazyFace[] {
    if (!this.faceRanges.has(face)) return [face]
    const entries = this.fonts.get(name) ?? []
    const own = entries.find((entry) => entry[0] === face)
    return entries
      .filter(
        (entry) =>
          entry[0] === face ||
          (this.faceRanges.has(entry[0]) &&
            entry[1] === own?.[1] &&
            entry[2] === own?.[2])
      )
      .map((entry) => entry[0])
  }

  /** Pictor (unicode-range): whether `face`'s unicode ranges hold `code`. */
  private covers(face: LazyFace | null | undefined, code: number): boolean {
    const ranges = face && this.faceRanges.get(face)
    if (!ranges) return true
    return ranges.some(([low, high]) => code >= low && code <= high)
  }

  private chRatios = new Map<string, number>()

  /**
   * The width of `0` relative to the font size, for the `ch` unit, or
   * `undefined` without fonts.
   *
   * Pictor (ch-unit-advance): with `fontSize`, the advance of `0` at that size
   * over the size, so that `ch` is the advance text of that size gets (whole
   * pixels for a face laid out on whole pixels, as Chromium's zero width);
   * measured at size 1, that advance rounded to 1 px made `ch` an `em`.
   *
   * Pictor (ch-unit-language): in the face of the element's language
   * (`locale`), as its text is set: a generic family under `lang="ja"` is the
   * Japanese face in Chrome, whose `0` may be narrower than the default one.
   */
  public getChRatio(
    style: {
      fontFamily?: string | string[]
      fontWeight?: FontWeight
      fontStyle?: FontStyle
    },
    fontSize = 1,
    locale?: Locale
  ) {
    if (!this.fonts.size) return
    const size = fontSize > 0 && Number.isFinite(fontSize) ? fontSize : 1
    const key = [
      [style.fontFamily].flat().join(','),
      style.fontWeight,
      style.fontStyle,
      size,
      locale,
    ].join('|')
    let ratio = this.chRatios.get(key)
    if (ratio === undefined) {
      ratio =
        this.getEngine(size, 'normal', style, locale).measure('0', {
          fontSize: size,
          letterSpacing: 0,
        }) / size
      if (this.chRatios.size >= 4096) this.chRatios.clear()
      this.chRatios.set(key, ratio)
    }
    return ratio
  }

  private exRatios = new Map<string, number>()

  /**
   * Pictor (font-relative-line-widths): the x-height relative to the font
   * size, for the `ex` unit, as Chrome takes it: the first face's OS/2
   * `sxHeight`, else the height of its `x`; `undefined` without fonts.
   */
  public getExRatio(style: {
    fontFamily?: string | string[]
    fontWeight?: FontWeight
    fontStyle?: FontStyle
  }) {
    if (!this.fonts.size) return
    const key = [
      [style.fontFamily].flat().join(','),
      style.fontWeight,
      style.fontStyle,
    ].join('|')
    let ratio = this.exRatios.get(key)
    if (ratio === undefined) {
      const font = this.firstFontOf(style)
      const xHeight = font?.tables?.os2?.sxHeight
      let height = xHeight > 0 ? xHeight : 0
      if (!height && font) height = outlineTop(font, 'x')
      ratio = font && height > 0 ? height / font.unitsPerEm : 0.5
      this.exRatios.set(key, ratio)
    }
    return ratio
  }

  /**
   * Pictor (initial-letter): the cap height relative to the font size, as
   * Blink takes it for `initial-letter`: the first face's OS/2 `sCapHeight`,
   * else the height of its `H`; 0.7 without fonts.
   */
  public getCapRatio(style: {
    fontFamily?: string | string[]
    fontWeight?: FontWeight
    fontStyle?: FontStyle
  }): number {
    const font = this.fonts.size ? this.firstFontOf(style) : null
    if (!font) return 0.7
    let height = font.tables?.os2?.sCapHeight ?? 0
    if (!(height > 0)) height = outlineTop(font, 'H')
    return height > 0 ? height / font.unitsPerEm : 0.7
  }

  /**
   * Pictor (initial-letter): where the ink of `text` is at `fontSize` in the
   * first face of `style`, in px: `start` from the pen's start to the first
   * glyph's ink, `end` from the last glyph's ink to its advance, `below` the
   * deepest ink under the baseline. Zero where the face has no glyph for a
   * character, or without fonts.
   */
  public getInkBearings(
    style: {
      fontFamily?: string | string[]
      fontWeight?: FontWeight
      fontStyle?: FontStyle
    },
    text: string,
    fontSize: number
  ): { start: number; end: number; below: number } {
    const font = this.fonts.size ? this.firstFontOf(style) : null
    const chars = Array.from(text)
    const none = { start: 0, end: 0, below: 0 }
    if (!font || !chars.length) return none
    const scale = fontSize / font.unitsPerEm
    // The outline's bounds, from its points (opentype's `xMin`… are only set
    // for some outlines).
    const bounds = (char: string) => {
      try {
        if (!font.charToGlyphIndex(char)) return
        const glyph = font.charToGlyph(char) as any
        const box = { x1: Infinity, x2: -Infinity, y1: Infinity }
        for (const command of glyph.path?.commands ?? []) {
          if (typeof command.x !== 'number') continue
          box.x1 = Math.min(box.x1, command.x)
          box.x2 = Math.max(box.x2, command.x)
          box.y1 = Math.min(box.y1, command.y)
        }
        if (!(box.x2 > box.x1)) return
        return { ...box, advance: glyph.advanceWidth ?? box.x2 }
      } catch {
        return
      }
    }
    const first = bounds(chars[0])
    const last = bounds(chars[chars.length - 1])
    // opentype's paths are in font units with y up.
    const deepest = Math.min(
      0,
      ...chars.map((char) => bounds(char)?.y1 ?? 0)
    )
    return {
      start: first ? first.x1 * scale : 0,
      end: last ? (last.advance - last.x2) * scale : 0,
      below: -deepest * scale,
    }
  }

  /**
   * Pictor (select-menu-list-height): the heights of a drop-down's text at
   * `fontSize` as Chrome lays it out, `undefined` without fonts. `content` is
   * the first face's content area, its ascent and descent each rounded
   * without the line gap (Blink's `FontMetrics::Height()`): the select's
   * height. `line` is its text's line height, the same of the face Chrome's
   * style had when the select's inner box got its style, before web fonts
   * loaded: the first face of a family list that is not a web font (one laid
   * out with fractional advances), else the standard font's.
   */
  public getSelectHeights(
    style: {
      fontFamily?: string | string[]
      fontWeight?: FontWeight
      fontStyle?: FontStyle
    },
    fontSize: number
  ): { content: number; line: number } | undefined {
    const font = this.firstFontOf(style)
    if (!font || !(fontSize > 0) || !Number.isFinite(fontSize)) return
    const height = (face: opentype.Font) => {
      const { ascender, descender } = verticalMetrics(face)
      const scale = fontSize / face.unitsPerEm
      return Math.round(ascender * scale) + Math.round(-descender * scale)
    }
    const weight = style.fontWeight ?? 400
    const fontStyle = style.fontStyle ?? 'normal'
    let local: LazyFace | null = null
    for (const family of [style.fontFamily ?? [], STANDARD_FAMILY].flat()) {
      const name = family.toLowerCase()
      const face =
        this.get({ name, weight, style: fontStyle }) ??
        this.get({ name: name + '_unknown', weight, style: fontStyle })
      if (face && this.faceAdvances.get(face) !== false) {
        local = face
        break
      }
    }
    let fallback = font
    try {
      if (local) fallback = local.face
    } catch {
      // A face that does not parse: the first face's height.
    }
    return { content: height(font), line: height(fallback) }
  }

  /**
   * Pictor: the face of the first family of `style` that has one at its
   * weight and style, else the first registered font's (what
   * getAverageCharRatio and getMaxCharRatio measure).
   */
  private firstFontOf(style: {
    fontFamily?: string | string[]
    fontWeight?: FontWeight
    fontStyle?: FontStyle
  }): opentype.Font | null {
    const weight = style.fontWeight ?? 400
    const fontStyle = style.fontStyle ?? 'normal'
    for (const family of [style.fontFamily ?? []].flat()) {
      const name = family.toLowerCase()
      const font =
        this.get({ name, weight, style: fontStyle }) ??
        this.get({ name: name + '_unknown', weight, style: fontStyle })
      if (font) return font.face
    }
    return (
      this.get({
        name: this.fonts.keys().next().value,
        weight,
        style: fontStyle,
      })?.face ?? null
    )
  }

  /**
   * The average width of characters relative to the font size, for the width
   * of text inputs, or `undefined` without fonts. Like in Chrome, it's from
   * the first font of the family, or the width of `0`.
   */
  public getAverageCharRatio(style: {
    fontFamily?: string | string[]
    fontWeight?: FontWeight
    fontStyle?: FontStyle
  }) {
    if (!this.fonts.size) return
    const font = this.firstFontOf(style)
    const average = font?.tables.os2?.xAvgCharWidth
    return average > 0 ? average / font.unitsPerEm : this.getChRatio(style)
  }

  /**
   * Pictor (form-controls-ua): the width of the font's bounding box (head
   * xMax − xMin) relative to the font size, Chrome's "max char width", or
   * undefined.
   */
  public getMaxCharRatio(style: {
    fontFamily?: string | string[]
    fontWeight?: FontWeight
    fontStyle?: FontStyle
  }): number | undefined {
    if (!this.fonts.size) return
    const font = this.firstFontOf(style)
    const head = font?.tables.head
    if (!(font?.tables.os2?.xAvgCharWidth > 0) || !head) return
    const width = head.xMax - head.xMin
    return width > 0 ? width / font.unitsPerEm : undefined
  }

  /**
   * Pictor (lazy-faces): parse every face of this loader now, for set-up outside a render's time limit (a font set
   * just loaded); a face that cannot be parsed keeps its failure for the renders that use it.
   */
  public parseAll(): void {
    for (const faces of this.fonts.values()) {
      for (const [face] of faces) {
        try {
          void face.face
        } catch {
          // Kept by the face: thrown again where a render uses it.
        }
      }
    }
  }

  /**
   * Pictor (render-scoped-fonts): true on a loader made by `forRender` until it adds fonts; its maps are then still
   * the cached loader's.
   */
  private sharesMaps = false

  /**
   * Pictor (render-scoped-fonts): a loader for one render, sharing this one's faces and caches until the render adds
   * fonts (loadAdditionalAsset); those then go to the render's copy alone. Added to the cached loader, they stayed in
   * it: a later render of the same font list drew with fonts an earlier render's text had asked for, so its output
   * depended on what the process had rendered before.
   */
  public forRender(): FontLoader {
    const copy = Object.create(FontLoader.prototype) as FontLoader
    Object.assign(copy, this)
    copy.sharesMaps = true
    // Engines hold the loader they were made by.
    copy.engines = new WeakMap()
    copy.renderShapes = new Map()
    return copy
  }

  public addFonts(fontOptions: FontOptions[]) {
    if (this.sharesMaps && fontOptions.length) {
      // Pictor (render-scoped-fonts): copy on the first write.
      this.sharesMaps = false
      this.fonts = new Map([...this.fonts].map(([name, faces]) => [name, [...faces]]))
      this.faceAdvances = new Map(this.faceAdvances)
      this.faceWeights = new Map(this.faceWeights)
      this.faceRanges = new Map(this.faceRanges)
      this.shapedRunCache = new Map()
      this.chRatios = new Map()
      this.exRatios = new Map()
    }
    // Adding fonts can change how text resolves across the font list, so
    // previously shaped runs may no longer be correct.
    if (fontOptions.length && this.fonts.size) {
      this.shapedRunCache.clear()
      this.renderShapes?.clear()
      this.chRatios.clear()
      // Pictor (engine-memo): engines resolve fonts from the list.
      this.engines = new WeakMap()
    }
    for (const fontOption of fontOptions) {
      const { name, data, lang } = fontOption
      if (lang && !isValidLocale(lang)) {
        throw new Error(
          `Invalid value for props \`lang\`: "${lang}". The value must be one of the following: ${locales.join(
            ', '
          )}.`
        )
      }
      const _lang = lang ?? SUFFIX_WHEN_LANG_NOT_SET
      // Pictor (lazy-faces): parsed when a render first needs the face.
      const decodeWoff2 = this.decodeWoff2
      const font = lazyFaceOf(data, () => {
        // Pictor (lazy-font-bytes): bytes given as a reader are read now, when the face is first needed.
        const source = typeof data === 'function' ? data() : data
        // Convert Buffer to ArrayBuffer if needed. Pictor change font-source-shared: a Buffer that is its whole
        // ArrayBuffer (readFileSync's) is used as it is — nothing here writes to it — instead of copied (a CJK
        // face is 5–10 MB, kept for the life of the worker).
        let arrayBuffer =
          'buffer' in source
            ? source.byteOffset === 0 &&
              source.byteLength === source.buffer.byteLength &&
              source.buffer instanceof ArrayBuffer
              ? source.buffer
              : source.buffer.slice(
                  source.byteOffset,
                  source.byteOffset + source.byteLength
                )
            : source

        // WOFF2 fonts are decoded into TrueType or OpenType fonts.
        if (isWoff2(arrayBuffer)) {
          const decoded = decodeWoff2?.(new Uint8Array(arrayBuffer))
          if (!decoded) {
            throw new Error(`Failed to decode the WOFF2 font "${name}".`)
          }
          arrayBuffer = decoded
        }

        // Pictor (shaping-tables-unparsed): HarfBuzz shapes from the bytes; opentype.js skips GSUB and GPOS.
        const parsed = withoutVariations(arrayBuffer)
        const font = parseWithoutShapingTables(parsed, () =>
          opentype.parse(
            parsed,
            // @ts-ignore
            { lowMemory: true }
          )
        )

        // Store the raw font data for HarfBuzz (convert WOFF to sfnt if needed)
        const bytes = new Uint8Array(arrayBuffer)
        const isWoff =
          bytes[0] === 0x77 &&
          bytes[1] === 0x4f &&
          bytes[2] === 0x46 &&
          bytes[3] === 0x46
        ;(font as any)._rawFontData = isWoff
          ? woffToSfnt(arrayBuffer)
          : arrayBuffer

        // Modify the `charToGlyphIndex` method, so we can know which char is
        // being mapped to which glyph.
        const originalCharToGlyphIndex = font.charToGlyphIndex
        font.charToGlyphIndex = (char) => {
          const index = originalCharToGlyphIndex.call(font, char)
          if (index === 0) {
            // The current requested char is missing a glyph.
            if ((font as any)._trackBrokenChars) {
              ;(font as any)._trackBrokenChars.push(char)
            }
          }
          return index
        }

        return font
      })

      // We use the first font as the default font fallback.
      if (!this.defaultFont) this.defaultFont = font

      const _name = `${name.toLowerCase()}_${_lang}`

      if (!this.fonts.has(_name)) {
        this.fonts.set(_name, [])
      }
      this.fonts.get(_name).push([font, fontOption.weight, fontOption.style])
      if (
        typeof fontOption.wholePixelAdvances === 'boolean' ||
        fontOption.wholePixelAdvances === 'when-named'
      ) {
        this.faceAdvances.set(font, fontOption.wholePixelAdvances)
      }
      if (fontOption.weightRange) {
        this.faceWeights.set(font, fontOption.weightRange)
      }
      if (fontOption.unicodeRange) {
        this.faceRanges.set(font, fontOption.unicodeRange)
      }
    }
  }

  /**
   * Pictor (engine-memo): the engines made so far, per render (its glyph runs or tunings object) or per loader, by
   * everything an engine depends on. A page asks for one per text node, and making one walks every font of the
   * loader; text nodes with the same font settings share it.
   */
  private engines = new WeakMap<object, Map<string, FontEngine>>()

  public getEngine(
    fontSize = 16,
    lineHeight: number | string = 'normal',
    style: Parameters<FontLoader['createEngine']>[2],
    locale: Locale | undefined
  ): FontEngine {
    if (style?._pictorTunings?.engineMemo === false) {
      return this.createEngine(fontSize, lineHeight, style, locale)
    }
    const scope: object = style?._glyphRuns ?? style?._pictorTunings ?? this
    let engines = this.engines.get(scope)
    if (!engines) {
      engines = new Map()
      this.engines.set(scope, engines)
    }
    const family = style?.fontFamily
    const key = [
      fontSize,
      lineHeight,
      Array.isArray(family) ? family.join('\0') : family,
      style?.fontWeight,
      style?.fontStyle,
      style?.fontSynthesis,
      style?.fontSynthesisWeight,
      style?.fontSynthesisStyle,
      style?._wholePixelAdvances,
      style?._hintScale,
      // Pictor (text-rendering-geometric): subpixel metrics and advances.
      style?.textRendering,
      // Pictor (variable-fonts): what chooses a variable face's instance.
      style?.fontStretch,
      style?.fontOpticalSizing,
      style?.fontVariationSettings,
      locale,
      // Pictor (shaping-language): the element's `lang` as written.
      style?._lang,
      // Pictor (line-height-layout-units): a length is rounded, a number
      // floored.
      style?._lineHeightPx,
    ].join('\u0001')
    let engine = engines.get(key)
    if (!engine) {
      if (engines.size >= 4096) engines.clear()
      engine = this.createEngine(fontSize, lineHeight, style, locale)
      engines.set(key, engine)
    }
    return engine
  }

  private createEngine(
    fontSize = 16,
    lineHeight: number | string = 'normal',
    {
      fontFamily = 'sans-serif',
      fontWeight = 400,
      fontStyle = 'normal',
      ...synthesisStyle
    }: {
      fontFamily?: string | string[]
      fontWeight?: FontWeight
      fontStyle?: FontStyle
      fontSynthesis?: unknown
      fontSynthesisWeight?: unknown
      fontSynthesisStyle?: unknown
      _pictorTunings?: Required<PictorTunings>
      _wholePixelAdvances?: boolean
      _hintScale?: number
      textRendering?: unknown
      _glyphRuns?: unknown[][]
      fontStretch?: unknown
      fontOpticalSizing?: unknown
      fontVariationSettings?: unknown
      _lang?: unknown
      _lineHeightPx?: unknown
    },
    locale: Locale | undefined
  ): FontEngine {
    if (!this.fonts.size) {
      throw new Error(
        'No fonts are loaded. At least one font is required to calculate the layout.'
      )
    }

    fontFamily = (Array.isArray(fontFamily) ? fontFamily : [fontFamily]).map(
      (name) => name.toLowerCase()
    )
    const fonts = []
    fontFamily.forEach((face) => {
      // Pictor (language-default-font): a generic family under ja, ko or zh
      // is that language's face, as Chrome's per-script font settings are.
      const languageFace = languageFaceKey(face, locale, this.fonts.keys())
      const getLanguageFace =
        languageFace &&
        this.get({ name: languageFace, weight: fontWeight, style: fontStyle })
      if (getLanguageFace) {
        fonts.push(getLanguageFace)
        return
      }

      const getNormal = this.get({
        name: face,
        weight: fontWeight,
        style: fontStyle,
      })
      if (getNormal) {
        fonts.push(...this.withRangeSiblings(face, getNormal))
        return
      }

      const getUnknown = this.get({
        name: face + '_unknown',
        weight: fontWeight,
        style: fontStyle,
      })

      if (getUnknown) {
        fonts.push(...this.withRangeSiblings(face + '_unknown', getUnknown))
        return
      }

      // Pictor (named-lang-family): a family whose faces carry a language
      // (the CJK faces: `Noto Sans JP` with lang ja-JP) is used where
      // font-family names it, as browsers use any installed family they are
      // given by name; the element's own language first.
      const names = [...this.fonts.keys()].filter(
        (key) => key.slice(0, key.lastIndexOf('_')) === face
      )
      if (locale && names.includes(`${face}_${locale}`)) {
        names.unshift(`${face}_${locale}`)
      }
      const getWithLang = names.length
        ? this.get({ name: names[0], weight: fontWeight, style: fontStyle })
        : null
      if (getWithLang) fonts.push(getWithLang)
    })
    // Pictor (language-default-font): a list none of whose families has a
    // face is set in the standard font, as in Chrome (when the list of fonts
    // names one).
    // Pictor (standard-font-fallback): and characters that the faces of a
    // list naming no generic family lack come from the standard font before
    // any other, as Chrome falls back to the description's generic family
    // (for a list without one, the standard font): Font Awesome's
    // `<i class="fa">text</i>` and `font-family: "Source Code Pro"` set their
    // Latin letters in the standard serif, not in the first font loaded.
    const standardLast =
      fonts.length > 0 &&
      !(fontFamily as string[]).some((name) => GENERIC_FAMILIES.has(name))
    if (!fonts.length || standardLast) {
      const standard = this.get({
        name:
          languageFaceKey(STANDARD_FAMILY, locale, this.fonts.keys()) ??
          `${STANDARD_FAMILY}_${SUFFIX_WHEN_LANG_NOT_SET}`,
        weight: fontWeight,
        style: fontStyle,
      })
      if (standard && !fonts.includes(standard)) fonts.push(standard)
    }

    // Add additional fonts as the fallback.
    const keys = Array.from(this.fonts.keys())
    const specifiedLangFonts = []
    const nonSpecifiedLangFonts = []
    const additionalFonts = []
    // Pictor (fallback-regular-face): a font found for a character the
    // element's families lack is the regular face of its family, as Chrome
    // on Linux takes it from fontconfig (by character and language, not by
    // weight); bold text then gets synthetic bold (below), with the regular
    // face's advances. Only the first font stands in for a list that names
    // no font at all (the default font): matched by weight.
    let firstUnnamed = fonts.length === 0
    const fallbackWeight = (): FontWeight => {
      if (!firstUnnamed) return 400
      firstUnnamed = false
      return fontWeight
    }
    for (const name of keys) {
      if (fontFamily.includes(name)) continue
      if (locale) {
        const lang = getLangFromFontName(name)
        if (lang) {
          if (lang === locale) {
            specifiedLangFonts.push(
              this.get({
                name,
                weight: fallbackWeight(),
                style: fontStyle,
              })
            )
          } else {
            nonSpecifiedLangFonts.push(
              this.get({
                name,
                weight: fallbackWeight(),
                style: fontStyle,
              })
            )
          }
        } else {
          additionalFonts.push(
            this.get({
              name,
              weight: fallbackWeight(),
              style: fontStyle,
            })
          )
        }
      } else {
        additionalFonts.push(
          this.get({
            name,
            weight: fallbackWeight(),
            style: fontStyle,
          })
        )
      }
    }

    // Pictor (variable-fonts): each variable face as the instance this style asks for.
    const variationStyle: VariationStyle = { fontWeight, fontStyle, ...synthesisStyle }
    // Pictor (lazy-faces): a face of the lists is parsed (and varied) when the
    // engine first looks at it: the named families' first face for metrics,
    // the others in order as characters ask for them.
    // Pictor (cjk-language-advances): under a `lang` of Chinese, Japanese or
    // Korean, Chromium draws CJK characters the named fonts lack with the
    // language's font as if named (whole-pixel advances: 13 px per 13.33 px
    // kana under lang="ja", 13.33 without a lang), so faces of the
    // element's language count as named here.
    const namedFaces = new Set([...fonts, ...specifiedLangFonts])
    const namedFonts = new Set<opentype.Font>()
    const realized = new Map<LazyFace, opentype.Font>()
    const realize = (face: LazyFace | null | undefined): opentype.Font => {
      if (!face) return face as undefined
      let font = realized.get(face)
      if (!font) {
        font = variedFont(face.face, variationStyle, fontSize, this.faceWeights.get(face))
        realized.set(face, font)
        if (namedFaces.has(face)) namedFonts.add(font)
      }
      return font
    }
    // Pictor (unicode-range): the first face whose range holds the space, as
    // CSS takes the first available font.
    const primaryFace =
      fonts.find((face) => this.covers(face, 0x20)) ?? fonts[0]
    const primaryFont = () => realize(primaryFace)
    // The instances of the named faces, once text is shaped.
    let variationKey: string | undefined
    const variations = () =>
      (variationKey ??= fonts
        .map((face) => {
          const f = realize(face)
          return f?._variations ? Object.values(f._variations).join(',') : ''
        })
        .join(';'))

    const cachedFontResolver = new Map<number, opentype.Font | undefined>()
    const faceList = (fallback: boolean) => [
      ...fonts,
      ...additionalFonts,
      ...specifiedLangFonts,
      ...(fallback ? nonSpecifiedLangFonts : []),
    ]
    const resolveFont = (word: string, fallback = true) => {
      // Pictor (font-resolver-cached-first): the list of faces is made after
      // the cache is asked (it answers most calls: one per character split
      // by font, and more), not on every call.
      if (typeof word === 'undefined') {
        if (fallback) {
          const _fonts = faceList(fallback)
          return realize(_fonts[_fonts.length - 1])
        }
        return undefined
      }

      const code = word.charCodeAt(0)
      if (cachedFontResolver.has(code)) return cachedFontResolver.get(code)
      // Pictor (breaks-in-primary-font): a tab, line feed or carriage
      // return (kept by `white-space: pre`) is in no font; Blink shapes it
      // as a space, in the first font that has one. satori took the last
      // face of the list for it, whose ascent and descent (Noto Naskh
      // Arabic's, once a page has Arabic) made the line taller.
      if (code === 9 || code === 10 || code === 13) {
        const font = resolveFont(' ', fallback)
        if (font) cachedFontResolver.set(code, font)
        return font
      }
      const _fonts = faceList(fallback)

      // Pictor (missing-glyph-primary-notdef): a character no face has is
      // drawn, as in Chromium, with the .notdef glyph (its advance and shape)
      // of the element's primary font, the first available face of its list;
      // satori took the last fallback face's, a box of another width.
      // Pictor (unicode-range): a face is asked only for the characters of
      // its ranges.
      const point = word.codePointAt(0) ?? code
      const face =
        _fonts.find(
          (_face) =>
            this.covers(_face, point) && !!realize(_face).charToGlyphIndex(word)
        ) ?? (fallback ? primaryFace ?? _fonts[0] : undefined)
      const font = realize(face)

      if (font) {
        cachedFontResolver.set(code, font)
      }

      return font
    }

    // Like in Chrome, bold is synthesized when the weight is at least 600 and
    // the font isn't bold, and italic when the style is italic or oblique and
    // the font isn't italic. They're found from the font itself.
    const requestedWeight =
      fontWeight === 'bold'
        ? 700
        : fontWeight === 'normal'
        ? 400
        : Number(fontWeight) || 400
    const allowed = allowsSynthesis(synthesisStyle)
    const slanted = isSlanted(String(fontStyle))
    const synthesis: Synthesis = (font) => {
      const { os2, head } = font.tables || {}
      return {
        bold:
          allowed.weight &&
          requestedWeight >= 600 &&
          ((font as any)._pictorWeight || os2?.usWeightClass || 400) < 600,
        italic:
          allowed.style &&
          slanted &&
          !(font as any)._pictorItalic &&
          !(os2?.fsSelection & 1) &&
          !(head?.macStyle & 2),
      }
    }

    // Pictor (web-font-line-metrics): the ascent, descent and line gap
    // Chromium takes (OS/2 typographic metrics under USE_TYPO_METRICS, hhea
    // ones otherwise).
    const ascender = (resolvedFont: opentype.Font) =>
      (verticalMetrics(resolvedFont).ascender / resolvedFont.unitsPerEm) *
      fontSize

    const descender = (resolvedFont: opentype.Font) =>
      (verticalMetrics(resolvedFont).descender / resolvedFont.unitsPerEm) *
      fontSize

    const height = (resolvedFont: opentype.Font) => {
      if ('string' === typeof lineHeight && 'normal' === lineHeight) {
        // Pictor (line-height-normal): as Chrome computes it (SimpleFontData),
        // ascent, descent and line gap each rounded, the line gap included.
        const { lineGap } = verticalMetrics(resolvedFont)
        return (
          Math.round(ascender(resolvedFont)) +
          Math.round(-descender(resolvedFont)) +
          Math.round((lineGap / resolvedFont.unitsPerEm) * fontSize)
        )
      } else if ('number' === typeof lineHeight) {
        const px = fontSize * lineHeight
        const length = synthesisStyle._lineHeightPx
        if (typeof length === 'number' && Math.abs(length - px) < 1e-3) {
          return lineHeightInLayoutUnits(px, true)
        }
        // Pictor (line-height-font-size-units): a number multiplies the font
        // size rounded to a layout unit (14.4px × 1.6: 23.046875 px).
        return lineHeightInLayoutUnits(
          (Math.round(fontSize * 64) / 64) * lineHeight
        )
      }
    }

    const resolve = (s: string) => {
      return resolveFont(s, false)
    }

    // Text is shaped during both measurement and SVG generation, and the same
    // text is typically shaped again on subsequent renders. Cache the result
    // on the loader (keyed by the resolved font configuration) so both the
    // second pass of this render and future renders can reuse it.
    // Shaped glyphs are in font units, so the key only needs the inputs that
    // affect font resolution and shaping — not the font size.
    const shapedRunCache = this.shapedRunCache
    const renderShapes = this.renderShapes
    // Pictor (shaping-language): shaped in the element's language.
    const language = shapingLanguage(locale, synthesisStyle._lang)
    const engineKey = `${fontFamily.join(',')}|${fontWeight}|${fontStyle}|${
      locale || ''
    }|${language || ''}|`
    const getShapedRuns: GetShapedRuns = (
      content,
      fontFeatureSettings,
      direction
    ) => {
      const key = `${engineKey}${variations()}\0${fontFeatureSettings || ''}\0${
        direction || ''
      }\0${content}`
      const cached = shapedRunCache.get(key)

      if (cached !== undefined) {
        shapedRunCache.delete(key)
        shapedRunCache.set(key, cached)
        return cached
      }
      const remember = (shapedRuns: ShapedRun[]): ShapedRun[] => {
        if (shapedRunCache.size >= MAX_SHAPED_RUN_CACHE_ENTRIES) {
          const oldestKey = shapedRunCache.keys().next().value
          if (oldestKey !== undefined) shapedRunCache.delete(oldestKey)
        }
        shapedRunCache.set(key, shapedRuns)
        renderShapes?.set(key, shapedRuns)
        return shapedRuns
      }
      // Pictor (render-shaping-memo): shaped earlier in this render, since left the bounded cache.
      const shapedThisRender = renderShapes?.get(key)
      if (shapedThisRender !== undefined) return remember(shapedThisRender)

      // Pictor (cjk-closing-at-line-end): a closing mark at a line's end trimmed.
      const [settings, trimEnd] = takeTrimmedEnd(fontFeatureSettings)
      const features = settings ? parseFontFeatureSettings(settings) : {}
      const split = splitByFont(content, resolveFont, primaryHas)
      // Pictor (synthetic-small-caps): small capitals asked of a face
      // without them are its capitals, drawn smaller.
      const caps = capsSynthesisOf(settings)
      const shapedRuns = split.flatMap(([text, font], index): ShapedRun[] => {
        const last = trimEnd && index === split.length - 1
        const pieces =
          caps && synthesises(font, caps.keyword)
            ? smallCapsPieces(text, caps.mode)
            : [{ text, shaped: text, small: false }]
        return pieces.map((piece, i) => [
          piece.text,
          font,
          // Pictor (cjk-punctuation-trim): adjacent punctuation trimmed.
          shapeText(font, piece.shaped, {
            features,
            direction,
            rangedFeatures: [
              ...punctuationTrims(piece.shaped),
              ...lineEndTrims(piece.shaped, last && i === pieces.length - 1),
            ],
            language,
            // Pictor (common-script-by-language): spaces and punctuation
            // alone in the script of that language.
            script: commonTextScript(piece.shaped, language),
          }),
          ...(piece.small ? [true] : []),
        ] as ShapedRun)
      })

      return remember(shapedRuns)
    }

    // Pictor (advances-per-face): whole-pixel advances by the face's own
    // setting, else the render's.
    const faceAdvances = this.faceAdvances
    // Pictor (fallback-advances): a face marked 'when-named' is whole-pixel
    // only as one of the faces font-family names.
    // Pictor (text-rendering-geometric): `geometricPrecision` positions
    // every face's glyphs by subpixels, unhinted.
    const geometric = isGeometricPrecision(synthesisStyle.textRendering)
    const hintScale = geometric ? 0 : synthesisStyle._hintScale ?? 1
    const wholePixel = (font: opentype.Font) => {
      if (geometric) return false
      const own = faceAdvances.get((font as any)._pictorFace)
      if (own === 'when-named') return namedFonts.has(font)
      return own ?? synthesisStyle._wholePixelAdvances === true
    }

    // Pictor (fallback-on-primary-baseline): with a line-height that is a
    // length or a number, text sits on the first available font's baseline
    // and its box is that font's, whatever font draws its glyphs, as in
    // Chrome; with `normal`, each used font's metrics count (as Chrome's
    // used fonts do for line-height: normal).
    const primaryHas = (grapheme: string) =>
      !!fonts[0] && !!primaryFont().charToGlyphIndex(grapheme)
    const lineFont = (s?: string) =>
      typeof s === 'undefined' || (typeof lineHeight === 'number' && fonts[0])
        ? primaryFont()
        : resolveFont(s)

    const engine = {
      fontFor: (s: string) => resolveFont(s),
      has: (s: string) => {
        if (s === '\n') return true
        // Characters followed by U+FE0F or a keycap (U+20E3) are emojis, even
        // if a font has them, like digits and the copyright sign.
        // Pictor (own-emoji-font): unless a font of the element's own
        // families has every character of the emoji (the page's emoji font),
        // which Chrome then uses, as for any text.
        if (/[\uFE0F\u20E3]/.test(s))
          return familyHasEmoji(fonts.map(realize), s)
        const font = resolve(s)
        if (!font) return false
        // Use charToGlyphIndex directly instead of stringToGlyphs to avoid
        // triggering opentype.js GSUB processing which can emit warnings for
        // unsupported lookup types (e.g., "lookupType: 5 - substFormat: 3").
        // We only need to check if basic glyphs exist for the characters.
        for (const char of segment(s, 'grapheme')) {
          if (!font.charToGlyphIndex(char)) return false
        }
        return true
      },
      baseline: (s?: string, resolvedFont = lineFont(s)) => {
        // Like in Chrome, the ascent and descent are rounded to pixels, and
        // half of the leading is floored.
        // Pictor (text-rendering-geometric): under subpixel positioning, a
        // descent rounded down borrows a pixel from the ascent.
        const [asc, desc] = roundedAscentDescent(
          ascender(resolvedFont),
          -descender(resolvedFont),
          geometric
        )
        // Pictor (half-leading-layout-units): halved as Blink halves it.
        return asc + halfLeadingAbove(height(resolvedFont) - asc - desc)
      },
      height: (s?: string, resolvedFont = lineFont(s)) => {
        return height(resolvedFont)
      },
      ascent: (s?: string) =>
        ascender(typeof s === 'undefined' ? primaryFont() : resolveFont(s)),
      descent: (s?: string) =>
        -descender(typeof s === 'undefined' ? primaryFont() : resolveFont(s)),
      measure: (
        s: string,
        style: {
          fontSize: number
          letterSpacing: number
          wordSpacing?: number
        }
      ) => {
        return this.measure(s, style, getShapedRuns, wholePixel)
      },
      getSVG: (
        s: string,
        style: {
          fontSize: number
          top: number
          left: number
          letterSpacing: number
          wordSpacing?: number
          direction?: TextDirection
        },
        band?: SkipInkBand
      ) => {
        return this.getSVG(
          s,
          style,
          getShapedRuns,
          synthesis,
          band,
          synthesisStyle._pictorTunings,
          wholePixel,
          synthesisStyle._glyphRuns,
          hintScale
        )
      },
    }

    return engine
  }

  private patchFontFallbackResolver(
    font: opentype.Font,
    resolveFont: (word: string, fallback?: boolean) => opentype.Font
  ) {
    const brokenChars = []
    ;(font as any)._trackBrokenChars = brokenChars

    const originalStringToGlyphs = font.stringToGlyphs
    font.stringToGlyphs = (s: string, ...args: any) => {
      const glyphs = originalStringToGlyphs.call(font, s, ...args)

      for (let i = 0; i < glyphs.length; i++) {
        // Hitting an undefined glyph. We have to try to resolve it from other
        // fonts.
        // @TODO: This affects the kerning resolution but should be fine for now.
        if (glyphs[i].unicode === undefined) {
          const char = brokenChars.shift()
          const anotherFont = resolveFont(char)
          if (anotherFont !== font) {
            const glyph = anotherFont.charToGlyph(char)
            // Scale the glyph to match the current units per em.
            const scale = font.unitsPerEm / anotherFont.unitsPerEm
            const p = new opentype.Path()
            p.unitsPerEm = font.unitsPerEm
            p.commands = glyph.path.commands.map((command) => {
              const scaledCommand = { ...command }
              for (let k in scaledCommand) {
                if (typeof scaledCommand[k] === 'number') {
                  scaledCommand[k] *= scale
                }
              }
              return scaledCommand
            })
            const g = new opentype.Glyph({
              ...glyph,
              advanceWidth: glyph.advanceWidth * scale,
              xMin: glyph.xMin * scale,
              xMax: glyph.xMax * scale,
              yMin: glyph.yMin * scale,
              yMax: glyph.yMax * scale,
              path: p,
            })

            glyphs[i] = g
          }
        }
      }

      return glyphs
    }

    return () => {
      font.stringToGlyphs = originalStringToGlyphs
      ;(font as any)._trackBrokenChars = undefined
    }
  }

  private measure(
    content: string,
    {
      fontSize,
      letterSpacing = 0,
      wordSpacing,
      fontFeatureSettings,
    }: {
      fontSize: number
      letterSpacing: number
      wordSpacing?: number
      fontFeatureSettings?: string
    },
    getShapedRuns: GetShapedRuns,
    wholePixel: (font: opentype.Font) => boolean
  ) {
    const shapedRuns = getShapedRuns(content, fontFeatureSettings)

    let totalWidth = 0
    let clusterCount = 0
    for (const [runText, font, glyphs, small] of shapedRuns) {
      // Pictor (cursive-no-letter-spacing): no spacing after Arabic text.
      const cursive =
        letterSpacing && hasCursive(runText) ? cursiveUnits(runText) : null
      // Pictor (glyph-advances-whole-pixels): each advance in px, whole
      // pixels with the option.
      let segmentWidth = 0
      // Pictor (synthetic-small-caps): small capitals at their own size.
      const scale =
        (small ? smallCapsSize(fontSize) : fontSize) / font.unitsPerEm
      const wholePixelAdvances = wholePixel(font)
      for (let i = 0; i < glyphs.length; i++) {
        segmentWidth += wholePixelAdvances
          ? wholePixelAdvance(
              font.glyphs.get(glyphs[i].g),
              glyphs[i],
              scale,
              font.unitsPerEm
            )
          : fractionalAdvance(
              font.glyphs.get(glyphs[i].g),
              glyphs[i],
              scale,
              font.unitsPerEm
            )
        if (glyphs[i + 1]?.cl !== glyphs[i].cl && !cursive?.[glyphs[i].cl])
          clusterCount++
      }

      totalWidth += segmentWidth
    }

    // Like in browsers, letter spacing is added after every character,
    // including the last one, and a ligature is one character.
    const spacingWidth = letterSpacing * clusterCount
    const separators = wordSpacing
      ? content.match(WORD_SEPARATORS)?.length ?? 0
      : 0

    return totalWidth + spacingWidth + separators * toWordSpacing(wordSpacing)
  }

  private getSVG(
    content: string,
    {
      fontSize,
      top,
      left,
      letterSpacing = 0,
      wordSpacing,
      fontFeatureSettings,
      direction,
    }: {
      fontSize: number
      top: number
      left: number
      letterSpacing: number
      wordSpacing?: number
      fontFeatureSettings?: string
      direction?: TextDirection
    },
    getShapedRuns: GetShapedRuns,
    synthesis: Synthesis,
    band?: SkipInkBand,
    tunings?: Required<PictorTunings>,
    wholePixel?: (font: opentype.Font) => boolean,
    glyphRuns?: unknown[][],
    hintScale = 1
  ): GlyphPaths {
    const integerTenths = tunings?.glyphPathNumbers !== false
    if (fontSize === 0) {
      return { path: '', boldPath: '', boxes: [] }
    }

    let shapedRuns = getShapedRuns(
      content.replace(/\n/g, ''),
      fontFeatureSettings,
      direction
    )
    // The glyphs of each run are in visual order, and so are the runs of
    // right-to-left text when they're reversed.
    if (direction === 'rtl') shapedRuns = shapedRuns.slice().reverse()

    const boxes: GlyphBox[] = []

    let cursorX = left
    const cursorY = top

    let path = ''
    let boldPath = ''
    // Pictor (glyph-runs): this run's glyphs as data.
    const glyphRun: unknown[] | undefined = glyphRuns ? [] : undefined

    const extraWordSpacing = toWordSpacing(wordSpacing)

    // Process each font segment
    for (const [runText, font, glyphs, small] of shapedRuns) {
      // Pictor (synthetic-small-caps): small capitals at their own size.
      const runSize = small ? smallCapsSize(fontSize) : fontSize
      const scale = runSize / font.unitsPerEm
      const wholePixelAdvances = wholePixel?.(font) === true
      const { bold, italic } = synthesis(font)
      const skew = italic ? SYNTHETIC_SKEW : 0
      // Pictor (cursive-no-letter-spacing): no spacing after Arabic text.
      const cursive =
        letterSpacing && hasCursive(runText) ? cursiveUnits(runText) : null

      // DEBUG: Uncomment to trace glyph positions
      // console.log(`getSVG segment: "${text}", fontSize=${fontSize}, letterSpacing=${letterSpacing}`)

      // Process shaped glyphs for this segment
      for (let i = 0; i < glyphs.length; i++) {
        const shapedGlyph = glyphs[i]

        // Get the glyph from opentype.js by ID
        const glyph = font.glyphs.get(shapedGlyph.g)

        // DEBUG: Uncomment to trace glyph positions
        // const char = text[i] || '?'
        // console.log(`  [${i}] char="${char}" glyph=${shapedGlyph.g} cursorX=${cursorX.toFixed(2)} ax=${shapedGlyph.ax} advance=${(shapedGlyph.ax * scale).toFixed(2)}px`)

        if (glyph && glyph.path) {
          // Pictor (autohint-light): a web face's outline fitted to the
          // pixel grid vertically, as FreeType's light auto-hinter draws it
          // in Chromium; faces with whole-pixel advances keep theirs.
          const drawn =
            wholePixelAdvances || !hintScale
              ? glyph
              : hintedGlyph(font, glyph, runSize * hintScale)
          // Calculate glyph position
          // Pictor (glyph-advances-whole-pixels): at a whole-pixel x.
          const gX = wholePixelAdvances
            ? Math.round(cursorX + shapedGlyph.dx * scale)
            : cursorX + shapedGlyph.dx * scale
          // Pictor (mark-offsets-up): HarfBuzz's y offsets point up, as in
          // the font; SVG's y axis points down. Marks (Arabic dots, hamza and
          // madda, niqqud, matras, tone marks) sit where GPOS puts them.
          const gY = cursorY - shapedGlyph.dy * scale

          // Like `glyph.getPath()`, scaled by the units per em of the path.
          // Pictor (glyph-path-cache): each outline written once per size,
          // slant and sub-pixel offset, then reused.
          const data =
            glyphRun && !bold
              ? glyphRecord(
                  glyphRun,
                  drawn,
                  gX,
                  gY,
                  runSize / (drawn.path.unitsPerEm || 1000),
                  skew
                )
              : tunings?.glyphPathCache
            ? glyphPath(
                drawn,
                gX,
                gY,
                runSize / (drawn.path.unitsPerEm || 1000),
                skew
              )
            : glyphPathData(
                drawn.path.commands,
                gX,
                gY,
                runSize / (drawn.path.unitsPerEm || 1000),
                skew,
                integerTenths
              )
          if (bold) boldPath += data
          else path += data

          // Compute band boxes for text decoration skip-ink
          // Pictor (skip-ink-characters): not for `/`, `_` and CJK.
          if (band && canSkipInk(runText.codePointAt(shapedGlyph.cl))) {
            let commands = glyph.getPath(gX, gY, runSize, {}).commands
            if (skew) commands = skewCommands(commands, gY, skew)
            const bandBoxes = computeBandBox(
              commands,
              band,
              tunings?.skipInkBands !== false
            )
            if (bandBoxes.length) boxes.push(...bandBoxes)
          }
        }

        // Advance cursor by the shaped advance.
        cursorX += wholePixelAdvances
          ? wholePixelAdvance(glyph, shapedGlyph, scale, font.unitsPerEm)
          : fractionalAdvance(glyph, shapedGlyph, scale, font.unitsPerEm)

        // Letter spacing is added after the last glyph of every character,
        // and word spacing after the last glyph of a word separator.
        if (glyphs[i + 1]?.cl !== shapedGlyph.cl) {
          if (!cursive?.[shapedGlyph.cl]) cursorX += letterSpacing
          if (extraWordSpacing && isWordSeparator(runText, shapedGlyph.cl)) {
            cursorX += extraWordSpacing
          }
        }
      }
    }

    return {
      path:
        glyphRun && glyphRun.length > 0
          ? '~' + (glyphRuns!.push(glyphRun) - 1)
          : path,
      boldPath,
      boxes,
    }
  }
}

/**
 * Pictor (advances-at-fixed-point-size): the font size FreeType is given, in
 * 26.6 fixed point cut to the 1/64 px below the CSS size, as Skia passes it
 * (a size on that grid is itself; 14.4px is 14.390625).
 */
function fixedPointScale(scale: number, unitsPerEm: number) {
  return Math.floor(scale * unitsPerEm * 64 + 1e-6) / 64 / unitsPerEm
}

/**
 * Pictor (advances-at-fixed-point-size): a shaped glyph's advance in px where
 * glyphs are placed by subpixels (web fonts): its own advance at FreeType's
 * size (fixedPointScale) and the shaper's adjustment (kerning) at the size
 * itself. Inter 14.4px `a` is 8.0807 px in Chromium, not 8.0859.
 */
function fractionalAdvance(
  glyph: opentype.Glyph | undefined,
  shaped: { ax: number },
  scale: number,
  unitsPerEm: number
) {
  if (!glyph || typeof glyph.advanceWidth !== 'number') return shaped.ax * scale
  return (
    glyph.advanceWidth * fixedPointScale(scale, unitsPerEm) +
    (shaped.ax - glyph.advanceWidth) * scale
  )
}

/**
 * Pictor (glyph-advances-whole-pixels): a shaped glyph's advance in whole
 * pixels, as Chromium adds them: its own advance (from FreeType in 26.6 fixed
 * point, so on a 1/64 px grid first) and the shaper's adjustment (kerning),
 * each rounded half away from zero (lroundf). Inter 18px `e` is 10.494 px,
 * 10.5 in 26.6, and 11 px wide in Chromium.
 * Pictor (advances-at-fixed-point-size): FreeType is given the font size in
 * 26.6 too, cut to a 1/64 px below it, and scales the glyph's own advance by
 * that size: Noto Serif 14.4px `s` is 6.490 px (not 6.494), 6.484 in 26.6,
 * and 6 px wide in Chromium. Kerning comes from HarfBuzz, scaled by the size
 * itself.
 */
function wholePixelAdvance(
  glyph: opentype.Glyph | undefined,
  shaped: { ax: number },
  scale: number,
  unitsPerEm: number
) {
  const own =
    glyph && typeof glyph.advanceWidth === 'number'
      ? glyph.advanceWidth
      : shaped.ax
  const advance =
    Math.round(own * fixedPointScale(scale, unitsPerEm) * 64) / 64
  const kerning = (shaped.ax - own) * scale
  return (
    (advance < 0 ? -Math.round(-advance) : Math.round(advance)) +
    (kerning < 0 ? -Math.round(-kerning) : Math.round(kerning))
  )
}

/** Slants path commands in px around the baseline at `y`. */
function skewCommands(
  commands: opentype.Path['commands'],
  y: number,
  skew: number
): opentype.Path['commands'] {
  return commands.map((command) => {
    const skewed = { ...command } as any
    if ('x' in command) skewed.x = command.x + skew * (y - command.y)
    if ('x1' in command) skewed.x1 = command.x1 + skew * (y - command.y1)
    if ('x2' in command) skewed.x2 = command.x2 + skew * (y - command.y2)
    return skewed
  })
}

// Rounds to 0.1px, half away from zero like `toPathData(1)` of opentype.js.
const round = (value: number) =>
  (value < 0 ? -Math.round(-value * 10) : Math.round(value * 10)) / 10

/**
 * The SVG path data of a glyph, from its commands in font units, positioned at
 * the baseline and scaled to px. Faster than transforming and serializing
 * opentype.js paths. `skew` slants it, by how far it moves points to the
 * right for each unit above the baseline.
 */
function glyphPathData(
  commands: opentype.Path['commands'],
  x: number,
  y: number,
  scale: number,
  skew = 0,
  integerTenths = false
) {
  if (integerTenths) return glyphPathTenths(commands, x, y, scale, skew)
  const px = (cx: number, cy: number) => round(x + (cx + skew * cy) * scale)
  const py = (cy: number) => round(y - cy * scale)
  let data = ''
  for (const command of commands) {
    switch (command.type) {
      case 'M':
      case 'L':
        data += `${command.type}${px(command.x, command.y)} ${py(command.y)}`
        break
      case 'Q':
        data += `Q${px(command.x1, command.y1)} ${py(command.y1)} ${px(
          command.x,
          command.y
        )} ${py(command.y)}`
        break
      case 'C':
        data += `C${px(command.x1, command.y1)} ${py(command.y1)} ${px(
          command.x2,
          command.y2
        )} ${py(command.y2)} ${px(command.x, command.y)} ${py(command.y)}`
        break
      case 'Z':
        data += 'Z'
        break
    }
  }
  return data
}

function getLangFromFontName(name: string): Locale | undefined {
  const arr = name.split('_')
  const lang = arr[arr.length - 1]

  return lang === SUFFIX_WHEN_LANG_NOT_SET ? undefined : (lang as Locale)
}
