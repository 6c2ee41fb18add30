/**
 * Pictor (vertical-writing): text in `writing-mode: vertical-rl` and
 * `vertical-lr`, laid out in columns and drawn without the layout engine's
 * help, which only lays out horizontal text.
 *
 * An element whose writing mode is vertical, inside horizontal content, gets
 * one measured leaf for all of its inline content (text, inline elements,
 * `<br>`; block-level children start a new column). The leaf is measured
 * like an orthogonal flow in CSS: its inline size is the available height
 * (the element's own, its container's, or the viewport's), its width is the
 * sum of its columns' line heights. Columns go right to left with
 * `vertical-rl`, left to right with `vertical-lr`. In each column, upright
 * characters (CJK, and all with `text-orientation: upright`) are shaped top
 * to bottom by HarfBuzz, which picks the font's vertical forms (`vert`) and
 * vertical advances, and are centred on the column; other runs (Latin,
 * digits with `mixed`, all with `sideways`) are shaped horizontally and
 * turned 90° clockwise, centred on the column by their ascent and descent;
 * runs with `text-combine-upright: all` are set horizontally in one em,
 * squeezed when wider.
 */
import type { ReactNode } from 'react'
import type opentype from '@shuding/opentype.js'
import type { LayoutContext } from '../layout.js'
import type { SerializedStyle } from '../handler/expand.js'
import type { FontEngine } from '../font.js'
import { LayoutNode } from '../layout-engine/index.js'
import computeStyle from '../handler/compute.js'
import {
  buildXMLString,
  isReactElement,
  normalizeChildren,
  segment,
  splitByBreakOpportunities,
} from '../utils.js'
import {
  parseFontFeatureSettings,
  shapeText,
  type ShapedGlyph,
} from '../harfbuzz.js'
import { container, getTextFillColor } from '../builder/text.js'
import { isUprightGrapheme } from './pictor-vertical-orientation.js'
import {
  glyphPathThrough,
  pathScale,
  verticalOrigin,
  type GlyphMatrix,
} from './pictor-vertical-paint.js'

export type VerticalWritingMode = 'vertical-rl' | 'vertical-lr'

/** The element's vertical writing mode, or undefined when horizontal. */
export function getVerticalWritingMode(
  style: SerializedStyle
): VerticalWritingMode | undefined {
  const mode = String(style.writingMode ?? '').trim()
  return mode === 'vertical-rl' || mode === 'vertical-lr' ? mode : undefined
}

/**
 * A run of text with the style of its inline element, a forced break
 * (`<br>`), or the edge of a block-level child, which ends a column that has
 * content.
 */
type Item = { text: string; style: SerializedStyle } | 'break' | 'block'

const BLOCK_DISPLAYS = /^(block|flex|grid|flow-root|list-item|table)/

/**
 * The inline content of a vertical element as runs of text: the text of
 * inline elements with their computed styles, `<br>` and block-level
 * children as breaks.
 */
async function collectItems(
  children: ReactNode,
  inheritedStyle: SerializedStyle,
  context: LayoutContext,
  items: Item[]
) {
  for (const child of normalizeChildren(children)) {
    if (child === null || child === undefined || typeof child === 'boolean') {
      continue
    }
    if (!isReactElement(child)) {
      items.push({ text: String(child), style: inheritedStyle })
      continue
    }
    const type = child.type as unknown
    if (type === 'br') {
      items.push('break')
      continue
    }
    if (typeof type !== 'string' && type !== Symbol.for('react.fragment')) {
      continue
    }
    if (type === 'img' || type === 'svg' || type === '::counter') continue
    const props = (child.props || {}) as Record<string, any>
    const [style, inheritable] = await computeStyle(
      new LayoutNode(),
      typeof type === 'string' ? type : 'span',
      inheritedStyle,
      props.style || {},
      props,
      context.replacedElements,
      context.onStyleError,
      context.convertColors,
      context.pointScaleFactor,
      context.listDepth
    )
    if (style.display === 'none') continue
    const isBlock = BLOCK_DISPLAYS.test(String(style.display ?? ''))
    if (isBlock) items.push('block')
    // `text-combine-upright` isn't inherited: it's kept on the run's style.
    const runStyle = { ...inheritable } as SerializedStyle
    if (style.textCombineUpright !== undefined) {
      runStyle.textCombineUpright = style.textCombineUpright
    }
    // Children don't inherit it: their runs have their own style.
    await collectItems(props.children, runStyle, context, items)
    if (isBlock) items.push('block')
  }
}

/** How a piece of a column is set: `image`, an emoji drawn as a picture. */
type Orientation = 'upright' | 'sideways' | 'combine' | 'image'

/** Glyphs of one font, shaped together. */
interface ShapedPart {
  font: opentype.Font
  text: string
  glyphs: ShapedGlyph[]
  /** Upright: px taken off before and after each glyph, see `trimPunctuation()`. */
  trimStart?: number[]
  trimEnd?: number[]
}

/** A run's style as the layout uses it. */
interface RunStyle {
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
interface Piece {
  orientation: Orientation
  style: RunStyle
  parts: ShapedPart[]
  /** Its length along the column, in px. */
  advance: number
  isSpace: boolean
  /** For `combine`: its horizontal scale, to fit one em. */
  squeeze?: number
  /** For `combine`: its width once squeezed. */
  width?: number
  /** For `image`: the picture's URL. */
  image?: string
}

/** Pieces that are never broken between (a word, a CJK character). */
interface Segment {
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
}

interface Column {
  segments: Segment[]
  length: number
  /** Its width, the largest line height in it. */
  width: number
}

const isCollapsible = (s: string) => /^[ \t\n\r\f]+$/.test(s)

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
  return runs.map(({ font, text: t }) => ({
    font,
    text: t,
    glyphs: shapeText(font, t, { features, direction }),
  }))
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

/** Lays out and draws the inline content of a vertical element. */
export async function* buildVerticalText(
  children: ReactNode,
  mode: VerticalWritingMode,
  elementStyle: SerializedStyle,
  inheritableStyle: SerializedStyle,
  node: LayoutNode,
  context: LayoutContext
): AsyncGenerator<{ word: string; locale?: string }[], string, [any, any]> {
  const { font, locale, id, canLoadAdditionalAssets } = context

  const items: Item[] = []
  // `text-combine-upright` isn't inherited: the element's own text has it.
  const ownStyle =
    elementStyle.textCombineUpright !== undefined
      ? ({
          ...inheritableStyle,
          textCombineUpright: elementStyle.textCombineUpright,
        } as unknown as SerializedStyle)
      : inheritableStyle
  await collectItems(children, ownStyle, context, items)

  // The leaf that holds the columns fills the element's content box.
  const leaf = new LayoutNode({ flexGrow: 1, flexShrink: 1 })
  node.style.display = 'flex'
  node.style.flexDirection = 'row'
  node.style.alignItems = 'stretch'
  node.insertChild(leaf)

  const engineOf = (style: SerializedStyle) =>
    font.getEngine(
      style.fontSize as number,
      style.lineHeight as number,
      style as any,
      locale
    )

  if (canLoadAdditionalAssets) {
    const missing: { word: string; locale?: string }[] = []
    for (const item of items) {
      if (typeof item === 'string') continue
      const engine = engineOf(item.style)
      for (const grapheme of segment(item.text, 'grapheme')) {
        if (!isCollapsible(grapheme) && !engine.has(grapheme)) {
          missing.push({ word: grapheme, locale })
        }
      }
    }
    yield missing
  } else {
    yield []
  }

  const segments = buildSegments(
    items,
    elementStyle,
    engineOf,
    context.graphemeImages
  )
  trimPunctuation(segments)
  const strut = runStyleOf(elementStyle, engineOf, sampleOf(items)).lineHeight

  const flow = (available: number): Column[] => {
    const columns: Column[] = []
    let column: Column = { segments: [], length: 0, width: strut }
    columns.push(column)
    for (const seg of segments) {
      const fits =
        column.length + seg.advance - seg.trailing - (seg.endTrim ?? 0) <=
        available + 0.01
      if (seg.breakBefore || (!fits && column.segments.length > 0)) {
        column = { segments: [], length: 0, width: strut }
        columns.push(column)
      }
      let s = seg
      // White space at the start of a column is removed.
      if (column.segments.length === 0) {
        const pieces = seg.pieces.slice()
        while (pieces.length && pieces[0].isSpace) pieces.shift()
        s = {
          ...seg,
          pieces,
          advance: pieces.reduce((sum, p) => sum + p.advance, 0),
          trailing: pieces.every((p) => p.isSpace) ? 0 : seg.trailing,
        }
      }
      column.segments.push(s)
      column.length += s.advance
      for (const p of s.pieces) {
        column.width = Math.max(column.width, pieceLineHeight(p))
      }
    }
    return columns
  }
  const columnLength = (c: Column) =>
    c.length - (c.segments[c.segments.length - 1]?.trailing ?? 0)

  const viewportHeight = Number(elementStyle._viewportHeight)
  const ownHeight =
    typeof elementStyle.height === 'number' ? elementStyle.height : undefined
  leaf.measure = (_width: number, height: number) => {
    const available =
      Number.isFinite(height) && height > 0
        ? height
        : ownHeight ??
          (Number.isFinite(viewportHeight) && viewportHeight > 0
            ? viewportHeight
            : Infinity)
    const columns = flow(available)
    return {
      width: columns.reduce((sum, c) => sum + c.width, 0),
      height: Math.max(0, ...columns.map(columnLength)),
    }
  }

  const [x, y] = yield

  const { left: leafLeft, top: leafTop, width, height } = leaf.layout
  const left = x + leafLeft
  const top = y + leafTop
  if (elementStyle.visibility === 'hidden') return ''

  const columns = flow(height)
  const align = String(elementStyle.textAlign ?? 'start')
  const alignFactor =
    align === 'center'
      ? 0.5
      : align === 'end' || align === 'right'
      ? 1
      : 0
  const paths = new Map<string, string>()
  const add = (color: string, d: string) => {
    if (d) paths.set(color, (paths.get(color) ?? '') + d)
  }

  let images = ''
  let edge = mode === 'vertical-rl' ? left + width : left
  for (const column of columns) {
    const center =
      mode === 'vertical-rl' ? edge - column.width / 2 : edge + column.width / 2
    const edgeRight = mode === 'vertical-rl' ? edge : edge + column.width
    edge += mode === 'vertical-rl' ? -column.width : column.width
    let pen = top + Math.max(0, height - columnLength(column)) * alignFactor
    for (const seg of column.segments) {
      for (const piece of seg.pieces) {
        if (piece.image) {
          images += buildXMLString('image', {
            href: piece.image,
            x: center - piece.advance / 2,
            y: pen,
            width: piece.advance,
            height: piece.advance,
          })
        } else if (!piece.isSpace) {
          add(
            piece.style.color,
            drawPiece(piece, center, pen, edgeRight, column.width)
          )
        }
        pen += piece.advance
      }
    }
  }

  const { matrix } = container(
    {
      left: leafLeft,
      top: leafTop,
      width,
      height,
      isInheritingTransform: true,
    },
    elementStyle
  )
  let result = ''
  for (const [color, d] of paths) {
    result += buildXMLString('path', {
      fill: color,
      d,
      transform: matrix || undefined,
    })
  }
  if (images) {
    result += matrix
      ? buildXMLString('g', { transform: matrix }, images)
      : images
  }
  const clipPathId = inheritableStyle._inheritedClipPathId as
    | string
    | undefined
  const maskId = inheritableStyle._inheritedMaskId as string | undefined
  if (result && (clipPathId || maskId)) {
    result = buildXMLString(
      'g',
      {
        mask: maskId ? `url(#${maskId})` : undefined,
        'clip-path': clipPathId ? `url(#${clipPathId})` : undefined,
      },
      result
    )
  }
  void id
  return result
}

function runStyleOf(
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
function pieceLineHeight(piece: Piece) {
  let height = piece.style.lineHeight
  if (piece.style.normal) {
    for (const part of piece.parts) {
      height = Math.max(height, piece.style.engine.height(undefined, part.font))
    }
  }
  return height
}

/** The first character of `items` that isn't white space, or a space. */
function sampleOf(items: Item[]) {
  for (const item of items) {
    if (typeof item === 'string') continue
    const match = /[^ \t\n\r\f]/u.exec(item.text)
    if (match) return match[0]
  }
  return ' '
}

/** The runs cut at break opportunities, in pieces set the same way. */
function buildSegments(
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
    const whiteSpace = String(item.style.whiteSpace ?? 'normal')
    const preserves = /^pre|break-spaces/.test(whiteSpace)
    let text = item.text
    if (!preserves) {
      text = text.replace(/[ \t\n\r\f]+/g, ' ')
      if (lastWasSpace) text = text.replace(/^ /, '')
    }
    if (!text) continue
    lastWasSpace = !preserves && text.endsWith(' ')
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
          if (current && (kind !== currentKind || kind === 'iimage')) {
            pieces.push(makePiece(current, currentKind.slice(1) as Orientation))
            current = ''
          }
          current += grapheme
          currentKind = kind
        }
        if (current) {
          pieces.push(makePiece(current, currentKind.slice(1) as Orientation))
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
  }
  return segments
}

/**
 * The line of a column that upright glyphs are centred on, as Chromium places
 * it with whole-pixel font metrics: below the line-over edge (the right one,
 * in both vertical modes) by half of the leading and half of the font's
 * height, each floored, where the height is its ascent and descent rounded.
 */
function uprightCentre(
  font: opentype.Font,
  fontSize: number,
  right: number,
  columnWidth: number
) {
  const ascent = Math.round((font.ascender / font.unitsPerEm) * fontSize)
  const descent = Math.round((-font.descender / font.unitsPerEm) * fontSize)
  const height = ascent + descent
  return (
    right - Math.floor((columnWidth - height) / 2) - Math.floor(height / 2)
  )
}

/**
 * The outlines of a piece whose start is at `pen` on the column at `center`,
 * whose right edge is at `right`.
 */
function drawPiece(
  piece: Piece,
  center: number,
  pen: number,
  right: number,
  columnWidth: number
): string {
  const { fontSize, whole } = piece.style
  let d = ''
  if (piece.orientation === 'upright') {
    // HarfBuzz's offsets for top-to-bottom text are from the vertical origin,
    // the middle of the top of the glyph's vertical advance (harfbuzzjs's
    // build doesn't move them to the horizontal origin). With whole-pixel
    // metrics (fonts found locally), Chromium places each glyph on whole
    // pixels, its top from the glyph's bounds rounded out (Skia's bounds
    // without sub-pixel positioning).
    let y = pen
    for (const part of piece.parts) {
      const { font, glyphs } = part
      const scale = fontSize / font.unitsPerEm
      const axis = whole
        ? uprightCentre(font, fontSize, right, columnWidth)
        : center
      for (const [i, g] of glyphs.entries()) {
        y -= part.trimStart?.[i] ?? 0
        const glyph = font.glyphs.get(g.g)
        const s = pathScale(glyph, fontSize)
        const [ox, oy, top] = verticalOrigin(font, g.g)
        let gx = axis + (g.dx - ox) * scale
        let gy = y + (oy - g.dy) * scale
        if (whole) {
          gx = Math.ceil(gx - 0.5)
          gy = Math.round(y + (oy - top - g.dy) * scale + Math.ceil(top * scale))
        }
        d += glyphPathThrough(glyph, [s, 0, 0, -s, gx, gy])
        y -= g.ay * scale + (part.trimEnd?.[i] ?? 0)
      }
    }
    return d
  }
  if (piece.orientation === 'combine') {
    const squeeze = piece.squeeze ?? 1
    let x = center - (piece.width ?? 0) / 2
    for (const { font, glyphs } of piece.parts) {
      const scale = fontSize / font.unitsPerEm
      const ascent = (font.ascender / font.unitsPerEm) * fontSize
      const descent = (-font.descender / font.unitsPerEm) * fontSize
      // The middle of its ascent and descent at the middle of the em.
      const baseline = pen + fontSize / 2 + (ascent - descent) / 2
      for (const g of glyphs) {
        const glyph = font.glyphs.get(g.g)
        const s = pathScale(glyph, fontSize)
        const m: GlyphMatrix = [
          s * squeeze,
          0,
          0,
          -s,
          x + g.dx * scale * squeeze,
          baseline - g.dy * scale,
        ]
        d += glyphPathThrough(glyph, m)
        x += g.ax * scale * squeeze
      }
    }
    return d
  }
  // Sideways: turned 90° clockwise, the tops of the glyphs to the right,
  // the middle of their ascent and descent on the column's centre line.
  let u = pen
  for (const { font, glyphs } of piece.parts) {
    const scale = fontSize / font.unitsPerEm
    const ascent = (font.ascender / font.unitsPerEm) * fontSize
    const descent = (-font.descender / font.unitsPerEm) * fontSize
    const baseline = center - (ascent - descent) / 2
    for (const g of glyphs) {
      const glyph = font.glyphs.get(g.g)
      const s = pathScale(glyph, fontSize)
      const m: GlyphMatrix = [
        0,
        s,
        s,
        0,
        baseline + g.dy * scale,
        u + g.dx * scale,
      ]
      d += glyphPathThrough(glyph, m)
      u += g.ax * scale
    }
  }
  return d
}

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
function trimPunctuation(segments: Segment[]) {
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
