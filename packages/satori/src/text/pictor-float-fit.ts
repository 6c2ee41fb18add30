/**
 * Pictor (float-below-its-line): a float that takes room beside the lines and
 * comes after content of its paragraph is placed at the top of the line holding
 * that content when it fits beside it, else below that line (CSS 2 §9.5.1
 * rule 6; Chromium's `NGLineBreaker::HandleFloat`). satori lays the float out
 * before the paragraph; `relayOutFloatsAtTheirLines` grows its top margin by
 * the distance, and the paragraph drops that margin from the float's exclusion
 * (the engine excludes the whole margin box), so the lines above stay whole.
 */
import type { FloatExclusion, LayoutNode } from '../layout-engine/node.js'

/** A float's margin box in its paragraph's coordinates, and its added top margin. */
export interface ShiftedFloat {
  top: number
  bottom: number
  shift: number
}

/** How far off an exclusion may be from a float's margin box and still be its. */
const SAME = 0.5

/** The float's margin box relative to the paragraph node, from the last layout. */
export function marginBoxIn(float: LayoutNode, paragraph: LayoutNode) {
  const { layout } = float
  const top = layout.top - layout.margin.top - paragraph.layout.top
  const left = layout.left - layout.margin.left - paragraph.layout.left
  return {
    top,
    bottom: top + layout.margin.top + layout.height + layout.margin.bottom,
    left,
    right: left + floatInlineSize(float),
  }
}

/**
 * The float's margin box for the next layout once its top margin grows to
 * `shift` more than its own (`previous` of it was added in the last layout).
 */
export function shiftedFloat(
  float: LayoutNode,
  paragraph: LayoutNode,
  previous: number,
  shift: number
): ShiftedFloat {
  const { top, bottom } = marginBoxIn(float, paragraph)
  return { top, bottom: bottom - previous + shift, shift }
}

/** The exclusions with each shifted float's added top margin taken off. */
export function trimShiftedFloats(
  exclusions: FloatExclusion[],
  shifted: Iterable<ShiftedFloat>
): FloatExclusion[] {
  const list = [...shifted]
  if (list.length === 0) return exclusions
  return exclusions.map((exclusion) => {
    const float = list.find(
      (f) =>
        Math.abs(exclusion.top - f.top) < SAME &&
        Math.abs(exclusion.bottom - f.bottom) < SAME
    )
    return float
      ? { ...exclusion, top: Math.min(exclusion.bottom, exclusion.top + float.shift) }
      : exclusion
  })
}

/**
 * The exclusions as they would be without the floats (`boxes`: their margin
 * boxes in the paragraph's coordinates, added top margins taken off; `width`:
 * the paragraph's). The engine gives a band beside several floats as one
 * exclusion reaching to the innermost, so where a band reaches exactly to one
 * of these floats' inner edge, it is cut back to that float's outer edge, until
 * none does.
 */
export function withoutFloats(
  exclusions: FloatExclusion[],
  boxes: { top: number; bottom: number; left: number; right: number }[],
  width: number
): FloatExclusion[] {
  return exclusions.map((exclusion) => {
    let cut = exclusion
    for (let changed = true; changed; ) {
      changed = false
      for (const box of boxes) {
        if (cut.top >= box.bottom || cut.bottom <= box.top) continue
        if (cut.right > 0 && Math.abs(cut.right - (width - box.left)) < SAME) {
          cut = { ...cut, right: Math.max(0, width - box.right) }
          changed = true
        } else if (cut.left > 0 && Math.abs(cut.left - box.right) < SAME) {
          cut = { ...cut, left: Math.max(0, box.left) }
          changed = true
        }
      }
    }
    return cut
  })
}

/** The width a float takes beside the lines: its margin box's. */
export function floatInlineSize(float: LayoutNode) {
  const { layout } = float
  return layout.width + layout.margin.left + layout.margin.right
}
