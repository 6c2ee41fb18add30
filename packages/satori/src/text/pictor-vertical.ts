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
 *
 * Here: the leaf, its measure (columns) and its drawing. The content comes
 * from `pictor-vertical-items.ts`, is cut and shaped in
 * `pictor-vertical-runs.ts` (orientation by `pictor-vertical-orientation.ts`,
 * punctuation by `pictor-vertical-punctuation.ts`) and drawn by
 * `pictor-vertical-paint.ts`.
 */
import type { ReactNode } from 'react'
import type { LayoutContext } from '../layout.js'
import type { SerializedStyle } from '../handler/expand.js'
import { LayoutNode } from '../layout-engine/index.js'
import { buildXMLString, segment } from '../utils.js'
import { container } from '../builder/text.js'
import { collectItems, type Item } from './pictor-vertical-items.js'
import {
  buildSegments,
  isCollapsible,
  pieceLineHeight,
  runStyleOf,
  sampleOf,
  type Segment,
} from './pictor-vertical-runs.js'
import { trimPunctuation } from './pictor-vertical-punctuation.js'
import { drawPiece } from './pictor-vertical-paint.js'

export type VerticalWritingMode = 'vertical-rl' | 'vertical-lr'

/** The element's vertical writing mode, or undefined when horizontal. */
export function getVerticalWritingMode(
  style: SerializedStyle
): VerticalWritingMode | undefined {
  const mode = String(style.writingMode ?? '').trim()
  return mode === 'vertical-rl' || mode === 'vertical-lr' ? mode : undefined
}

/** The element's vertical margins, borders and padding, in px. */
function verticalEdges(style: SerializedStyle): number {
  let sum = 0
  for (const side of ['Top', 'Bottom']) {
    for (const key of [`margin${side}`, `border${side}Width`, `padding${side}`]) {
      const v = style[key as keyof SerializedStyle]
      if (typeof v === 'number' && Number.isFinite(v)) sum += v
    }
  }
  return sum
}

interface Column {
  segments: Segment[]
  length: number
  /** Its width, the largest line height in it. */
  width: number
}


/**
 * Lays out and draws the inline content of a vertical element. With
 * `logical`, the node is in a vertical block, laid out with width and height
 * swapped (see `pictor-vertical-frame.ts`).
 */
export async function* buildVerticalText(
  children: ReactNode,
  mode: VerticalWritingMode,
  elementStyle: SerializedStyle,
  inheritableStyle: SerializedStyle,
  node: LayoutNode,
  context: LayoutContext,
  logical = false
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
  // Pictor (vertical-column-edges): its edges where they fall, rounded, not
  // its width rounded up: the columns are placed from its right edge with
  // vertical-rl, which would be 1 px too far right at a fractional edge.
  leaf.roundedAsBox = true
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
      // Pictor (vertical-list-markers): a hanging marker takes no length.
      if (seg.hangs) {
        column.segments.push(seg)
        continue
      }
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
  // Pictor (vertical-blocks): in a vertical block (see
  // `pictor-vertical-frame.ts`), the leaf is laid out with width and height
  // swapped: its width is the length of its columns, its height their sum.
  if (logical) {
    leaf.measure = (width: number) => {
      const columns = flow(Number.isNaN(width) ? Infinity : width)
      return {
        width: Math.max(0, ...columns.map(columnLength)),
        height: columns.reduce((sum, c) => sum + c.width, 0),
      }
    }
  } else leaf.measure = (_width: number, height: number) => {
    // Pictor (vertical-fit-content): with no definite length, the viewport's
    // height less the element's own margins, borders and padding (Chromium
    // fills the initial containing block with the element's margin box).
    const fallback =
      Number.isFinite(viewportHeight) && viewportHeight > 0
        ? Math.max(0, viewportHeight - verticalEdges(elementStyle))
        : Infinity
    const available =
      Number.isFinite(height) && height > 0 ? height : ownHeight ?? fallback
    const columns = flow(available)
    const longest = Math.max(0, ...columns.map(columnLength))
    // Pictor (vertical-fit-content): an orthogonal flow's length is
    // fit-content: text that wraps into more columns takes the whole
    // available length (or its longest unbreakable word), not its longest
    // column's.
    const wraps =
      Number.isFinite(available) &&
      columns.length > 1 &&
      !segments.some((seg) => seg.breakBefore)
    return {
      width: columns.reduce((sum, c) => sum + c.width, 0),
      height: wraps ? Math.max(longest, available) : longest,
    }
  }

  const [x, y] = yield

  const { left: leafLeft, top: leafTop, width, height } = leaf.layout
  const left = x + leafLeft
  const top = y + leafTop
  if (elementStyle.visibility === 'hidden') return ''

  // Its length may have been rounded down by up to half a pixel.
  const columns = flow(height + 0.5)
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
      const start = pen
      if (seg.hangs) pen -= seg.advance
      for (const piece of seg.pieces) {
        if (piece.image) {
          // An emoji is one em square; an image has its own width.
          const across = piece.width ?? piece.advance
          images += buildXMLString('image', {
            href: piece.image,
            x: center - across / 2 + (piece.shift ?? 0),
            y: pen - (piece.hang ?? 0),
            width: across,
            height: piece.length ?? piece.advance,
            preserveAspectRatio: piece.width === undefined ? undefined : 'none',
          })
        } else if (!piece.isSpace) {
          add(
            piece.style.color,
            drawPiece(piece, center, pen, edgeRight, column.width)
          )
        }
        pen += piece.advance
      }
      if (seg.hangs) pen = start
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

