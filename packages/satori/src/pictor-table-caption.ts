/**
 * Pictor (caption-outside-box): a table's border and background are painted around its rows only, not its caption.
 *
 * In Chromium a caption lies in the table wrapper box, outside the table box with its border, padding and
 * background. @pictor/core lays the caption out as the first (or last) item of the table's grid, its margins taking
 * back the table's border, padding and spacing on its left, right and outer side, and its inner margin holding the
 * table's border and padding on that side (the px of that named by the caption's `TABLE_CAPTION_PROP`). The table's
 * border and background are painted from the caption's inner edge (less that margin) on.
 */
import type { LayoutNode } from './layout-engine/index.js'

/** The prop @pictor/core gives such a caption: its side (`top` or `bottom`) and the px its inner margin holds. */
export const TABLE_CAPTION_PROP = 'data-pictor-table-caption'

/** A table's caption outside its box. */
export interface OutsideCaption {
  node: LayoutNode
  below: boolean
  inner: number
}

/** The caption the prop describes, or undefined. */
export function outsideCaption(node: LayoutNode, prop: unknown): OutsideCaption | undefined {
  if (typeof prop !== 'string') return undefined
  const [side, inner] = prop.split(' ')
  const px = Number(inner)
  return Number.isFinite(px) ? { node, below: side === 'bottom', inner: px } : undefined
}

/** How far the table's painted box starts below its top and ends above its bottom: the caption's place. */
export function captionPaintInsets(caption: OutsideCaption, tableHeight: number): { top: number; bottom: number } {
  const { top, height, margin } = caption.node.layout
  if (caption.below) {
    const end = top - margin.top + caption.inner
    return { top: 0, bottom: Math.max(0, tableHeight - end) }
  }
  return { top: Math.max(0, top + height + margin.bottom - caption.inner), bottom: 0 }
}
