/**
 * Pictor (vertical-writing): runs of vertical text cut at break
 * opportunities into segments, and each segment into pieces set the same way
 * (upright, sideways, combined, emoji pictures), shaped by HarfBuzz.
 */
import type opentype from '@shuding/opentype.js'
import type { SerializedStyle } from '../handler/expand.js'
import type { FontEngine } from '../font.js'
import { segment, splitByBreakOpportunities } from '../utils.js'
import {
  parseFontFeatureSettings,
  shapeText,
  type ShapedGlyph,
} from '../harfbuzz.js'
import { getTextFillColor } from '../builder/text.js'
import { isUprightGrapheme } from './pictor-vertical-orientation.js'
import { halfXHeight } from './pictor-x-height.js'
import { processTextTransform } from './processor.js'
import type { Item } from './pictor-vertical-items.js'

/** How a piece of a column is set: `image`, an emoji drawn as a picture. */
export type Orientation = 'upright' | 'sideways' | 'combine' | 'image'

/** Glyphs of one font, shaped together. */
export interface ShapedPart {
  font: opentype.Font
  text: string
  glyphs: ShapedGlyph[]
  /** Upright: px taken off before and after each glyph, see `trimPunctuation()`. */
  trimStart?: number[]
  trimEnd?: number[]
}

/** A run's style as the layout uses it. */
export interface RunStyle {
  fontSize: number
  lineHeight: number
  color: string
  engine: FontEngine
  /** Whether glyphs are placed on whole pixels, see `drawPiece()`. */
  whole: boolean
  /** Whether its `line-height` is `normal`, see `pieceLineHeight()`. */
  normal: boolean
}

/** Consecutive characters of one run set the same way. */
export interface Piece {
  orientation: Orientation
  style: RunStyle
  parts: ShapedPart[]
  /** Its length along the column, in px. */
  advance: number
  isSpace: boolean
  /** For `combine`: its horizontal scale, to fit one em. */
  squeeze?: number
  /** For `combine`: its width once squeezed; for `image`: its width. */
  width?: number
  /** For `image`: the picture's URL. */
  image?: string
  /** For `image`: how far before its place it is drawn (an outside list marker), and its length. */
  hang?: number
  length?: number
  /** For `image`: how far right of the column's centre its middle is. */
  shift?: number
}

/** Pieces that are never broken between (a word, a CJK character). */
export interface Segment {
  pieces: Piece[]
  advance: number
  /** The length of the white space at its end, which may hang. */
  trailing: number
  /** Whether a column ends before it. */
  breakBefore: boolean
  /**
   * How much shorter it is when its closing punctuation ends a column and is
   * set half-width to fit (`text-spacing-trim: normal`).
   */
  endTrim?: number
  /**
   * Pictor (vertical-list-markers): set before its place in the column,
   * taking no length (an outside list marker's text).
   */
  hangs?: boolean
}


export const isCollapsible = (s: string) => /^[ \t\n\r\f]+$/.test(s)

function shape(
  engine: FontEngine,
  text: string,
  direction: 'ttb' | undefined,
  features: Record<string, boolean | number>
): ShapedPart[] {
  // Split by font, then each part shaped.
  const runs: { font: opentype.Font; text: string }[] = []
  for (const grapheme of segment(text, 'grapheme')) {
    const font = engine.fontFor(grapheme)
    if (!font) continue
    const last = runs[runs.length - 1]
    if (last && last.font === font) last.text += grapheme
    else runs.push({ font, text: grapheme })
  }
  const featureKey = JSON.stringify(features)
  return runs.map(({ font, text: t }) => ({
    font,
    text: t,
    glyphs: shapeCached(font, t, direction, features, featureKey),
  }))
}

/**
 * Shaped glyphs by font, for the same text shaped again: CJK text repeats
 * its characters, and each is shaped on its own (a segment of its own).
 * Never changed once shaped.
 */
const shapedCache = new WeakMap<opentype.Font, Map<string, ShapedGlyph[]>>()
const MAX_SHAPED_PER_FONT = 20000

function shapeCached(
  font: opentype.Font,
  text: string,
  direction: 'ttb' | undefined,
  features: Record<string, boolean | number>,
  featureKey: string
): ShapedGlyph[] {
  let cache = shapedCache.get(font)
  if (!cache) shapedCache.set(font, (cache = new Map()))
  const key = `${direction ?? ''}\0${featureKey}\0${text}`
  let glyphs = cache.get(key)
  if (!glyphs) {
    if (cache.size >= MAX_SHAPED_PER_FONT) cache.clear()
    glyphs = shapeText(font, text, { features, direction })
    cache.set(key, glyphs)
  }
  return glyphs
}

function horizontalWidth(parts: ShapedPart[], fontSize: number, whole: boolean) {
  let width = 0
  for (const { font, glyphs } of parts) {
    const scale = fontSize / font.unitsPerEm
    for (const g of glyphs) {
      width += whole ? Math.round(g.ax * scale) : g.ax * scale
    }
  }
  return width
}

function verticalLength(parts: ShapedPart[], fontSize: number) {
  let length = 0
  for (const { font, glyphs } of parts) {
    const scale = fontSize / font.unitsPerEm
    for (const g of glyphs) length -= g.ay * scale
  }
  return length
}

/**
 * A line of a run cut into the parts combined upright and the others: all of
 * it with `text-combine-upright: all`. Chromium ignores `digits N` (it
 * parses only `none` and `all`), and so does this, so that pages look as
 * they do in Chrome; @pictor/core warns about it.
 */
function combinedSpans(
  style: SerializedStyle,
  text: string
): [text: string, combined: boolean][] {
  const value = String(style.textCombineUpright ?? 'none').trim()
  if (value === 'all' && text.trim()) return [[text.trim(), true]]
  return [[text, false]]
}

/** The orientation of a grapheme in the element's `text-orientation`. */
function orientationOf(grapheme: string, textOrientation: string): Orientation {
  if (textOrientation === 'upright') return 'upright'
  if (textOrientation === 'sideways' || textOrientation === 'sideways-right') {
    return 'sideways'
  }
  return isUprightGrapheme(grapheme) ? 'upright' : 'sideways'
}

export function runStyleOf(
  style: SerializedStyle,
  engineOf: (style: SerializedStyle) => FontEngine,
  sample: string
): RunStyle {
  const engine = engineOf(style)
  return {
    fontSize: style.fontSize as number,
    lineHeight: lineHeightOf(engine, sample),
    normal: style.lineHeight === 'normal',
    whole: !!style._wholePixelAdvances,
    color: getTextFillColor(style) ?? 'black',
    engine,
  }
}

/**
 * The line height of a run: of the first font of its family, or of the font
 * that draws `sample` when none of the family's faces is loaded by that name.
 */
function lineHeightOf(engine: FontEngine, sample: string) {
  try {
    const height = engine.height()
    if (Number.isFinite(height)) return height
  } catch {
    // No face of the family: the font that draws the text.
  }
  return engine.height(sample)
}

/**
 * A piece's line height: with `line-height: normal`, the largest of its
 * fonts' (as Chromium sizes a line from each font used in it).
 */
export function pieceLineHeight(piece: Piece) {
  let height = piece.style.lineHeight
  // Pictor (vertical-images): a column is as wide as its widest image.
  if (piece.orientation === 'image' && piece.width !== undefined) {
    height = Math.max(height, piece.width)
  }
  if (piece.style.normal) {
    for (const part of piece.parts) {
      height = Math.max(height, piece.style.engine.height(undefined, part.font))
    }
  }
  return height
}

/** The first character of `items` that isn't white space, or a space. */
export function sampleOf(items: Item[]) {
  for (const item of items) {
    if (typeof item === 'string') continue
    const match = /[^ \t\n\r\f]/u.exec(item.text)
    if (match) return match[0]
  }
  return ' '
}

/** The runs cut at break opportunities, in pieces set the same way. */
export function buildSegments(
  items: Item[],
  elementStyle: SerializedStyle,
  engineOf: (style: SerializedStyle) => FontEngine,
  graphemeImages: Record<string, string> | undefined
): Segment[] {
  const isImage = (grapheme: string) =>
    !!graphemeImages &&
    Object.prototype.hasOwnProperty.call(graphemeImages, grapheme) &&
    !!graphemeImages[grapheme]
  const segments: Segment[] = []
  const textOrientation = String(elementStyle.textOrientation ?? 'mixed')
  let breakBefore = false
  let lastWasSpace = true
  const styles = new Map<SerializedStyle, RunStyle>()
  for (const item of items) {
    if (item === 'break' || item === 'block') {
      // Two forced breaks in a row leave an empty column between them.
      if (item === 'break' && breakBefore) {
        segments.push({ pieces: [], advance: 0, trailing: 0, breakBefore })
      }
      breakBefore = item === 'break' || segments.length > 0 || breakBefore
      lastWasSpace = true
      continue
    }
    let style = styles.get(item.style)
    if (!style) {
      style = runStyleOf(item.style, engineOf, sampleOf([item]))
      styles.set(item.style, style)
    }
    // Pictor (vertical-images): an image stands upright in its column, with
    // break opportunities around it as around any atomic inline.
    if (item.picture) {
      const { src, width, height, hang, middle } = item.picture
      // Pictor (vertical-list-markers): an outside marker takes no length.
      const advance = hang === undefined ? height : 0
      segments.push({
        pieces: [
          {
            orientation: 'image',
            style,
            parts: [],
            advance,
            isSpace: false,
            image: src,
            width,
            ...(hang === undefined ? {} : { hang, length: height }),
            ...(middle ? { shift: halfXHeight(style.engine, style.fontSize) } : {}),
          },
        ],
        advance,
        trailing: 0,
        breakBefore,
      })
      breakBefore = false
      lastWasSpace = false
      continue
    }
    const whiteSpace = String(item.style.whiteSpace ?? 'normal')
    const preserves = /^pre|break-spaces/.test(whiteSpace)
    let text = item.text
    if (!preserves) {
      text = text.replace(/[ \t\n\r\f]+/g, ' ')
      if (lastWasSpace) text = text.replace(/^ /, '')
    }
    if (!text) continue
    lastWasSpace = !preserves && text.endsWith(' ')
    // Pictor (vertical-latin-text): the text's case as horizontal text
    // sets it (a sidebar's `text-transform: uppercase` label).
    text = processTextTransform(text, String(item.style.textTransform ?? ''))
    // Pictor (vertical-latin-text): `letter-spacing` after every character,
    // each then a piece of its own.
    const letterSpacing = Number(item.style.letterSpacing) || 0
    const features = parseFontFeatureSettings(
      String(item.style.fontFeatureSettings ?? '')
    )
    const whole = !!item.style._wholePixelAdvances

    const makePiece = (t: string, orientation: Orientation): Piece => {
      const isSpace = isCollapsible(t)
      if (orientation === 'image') {
        return {
          orientation,
          style,
          parts: [],
          advance: style.fontSize,
          isSpace: false,
          image: graphemeImages?.[t],
        }
      }
      if (orientation === 'combine') {
        let parts = shape(style.engine, t, undefined, features)
        let width = horizontalWidth(parts, style.fontSize, whole)
        // Like Chromium, half-width forms first, then squeezed.
        if (width > style.fontSize) {
          const half = shape(style.engine, t, undefined, {
            ...features,
            hwid: true,
          })
          const halfWidth = horizontalWidth(half, style.fontSize, whole)
          if (halfWidth < width) {
            parts = half
            width = halfWidth
          }
        }
        const squeeze = width > style.fontSize ? style.fontSize / width : 1
        return {
          orientation,
          style,
          parts,
          advance: style.fontSize,
          isSpace: false,
          squeeze,
          width: width * squeeze,
        }
      }
      if (orientation === 'upright') {
        const parts = shape(style.engine, t, 'ttb', features)
        return {
          orientation,
          style,
          parts,
          advance: verticalLength(parts, style.fontSize),
          isSpace,
        }
      }
      const parts = shape(style.engine, t, undefined, features)
      return {
        orientation,
        style,
        parts,
        advance: horizontalWidth(parts, style.fontSize, whole),
        isSpace,
      }
    }

    const addWords = (span: string) => {
      const { words } = splitByBreakOpportunities(
        span,
        String(item.style.wordBreak ?? 'normal')
      )
      for (const word of words) {
        if (!word) continue
        const pieces: Piece[] = []
        let current = ''
        let currentKind = ''
        for (const grapheme of segment(word, 'grapheme')) {
          const kind = isImage(grapheme)
            ? 'iimage'
            : (isCollapsible(grapheme) ? 's' : 'g') +
              orientationOf(grapheme, textOrientation)
          if (
            current &&
            (kind !== currentKind || kind === 'iimage' || letterSpacing)
          ) {
            pieces.push(makePiece(current, currentKind.slice(1) as Orientation))
            current = ''
          }
          current += grapheme
          currentKind = kind
        }
        if (current) {
          pieces.push(makePiece(current, currentKind.slice(1) as Orientation))
        }
        if (letterSpacing) {
          for (const piece of pieces) piece.advance += letterSpacing
        }
        let trailing = 0
        for (let i = pieces.length - 1; i >= 0 && pieces[i].isSpace; i--) {
          trailing += pieces[i].advance
        }
        segments.push({
          pieces,
          advance: pieces.reduce((sum, p) => sum + p.advance, 0),
          trailing,
          breakBefore,
        })
        breakBefore = false
      }
    }

    const first = segments.length
    const lines = preserves ? text.split('\n') : [text]
    for (const [lineIndex, line] of lines.entries()) {
      if (lineIndex > 0) {
        if (breakBefore) {
          segments.push({ pieces: [], advance: 0, trailing: 0, breakBefore })
        }
        breakBefore = true
      }
      for (const [span, combined] of combinedSpans(item.style, line)) {
        if (combined) {
          const piece = makePiece(span, 'combine')
          segments.push({
            pieces: [piece],
            advance: piece.advance,
            trailing: 0,
            breakBefore,
          })
          breakBefore = false
          continue
        }
        addWords(span)
      }
    }
    // Pictor (vertical-list-markers): a marker's text hangs as one piece.
    if (item.hangs && segments.length > first) {
      const pieces = segments.splice(first).flatMap((seg) => seg.pieces)
      segments.push({
        pieces,
        advance: pieces.reduce((sum, p) => sum + p.advance, 0),
        trailing: 0,
        breakBefore: false,
        hangs: true,
      })
    }
  }
  return segments
}

