/**
 * Pictor (float-clear-one-side): a float with `clear: left` (or `right`) clears the earlier floats of that side only:
 * its top margin edge goes below the bottom margin edges of the earlier left (right) floats of its block formatting
 * context (CSS 2 §9.5.2), and the floats of the other side are only in its way as any float is (it goes beside them
 * when it fits). The layout engine (`layout.wasm`, whose Rust source is not at hand) clears a float past the floats
 * of both sides whatever side its `clear` names (it clears blocks on one side as it should). Furo's footer floats
 * the "next page" link right and then the "previous page" link left with `clear: left`: Chromium draws them side by
 * side, the engine put the second one below the first.
 *
 * After a layout, each float with a one-sided `clear` that the engine put lower than the floats of that side need
 * (the other side's floats reaching further down) is laid out again without `clear`. Where it then lands at or
 * below the bottom of the floats of its side, `clear` had nothing to do there and that is where Chromium puts it;
 * where it lands higher, it gets its `clear` back (the engine's placement, the old one) and the tree is laid out
 * once more. A document without such a float is laid out no more times than before.
 */
import type { EncodedTree } from './encode.js'
import type { LayoutNode, LayoutStyle } from './node.js'
import { keptStyles, layOutAgain } from './pictor-float-lines.js'
import { isContextRoot } from './pictor-margin-carriers.js'
import { countLayout } from '../pictor-layout-stats.js'

/** How far, in px, a margin edge may be from a line and still count as on it (rounding). */
const TOUCH = 0.5

type Side = 'left' | 'right'

const floatSide = (style: LayoutStyle): Side | undefined =>
  style.float === 'left' || style.float === 'right' ? style.float : undefined
const oneSide = (style: LayoutStyle): Side | undefined =>
  style.clear === 'left' || style.clear === 'right' ? style.clear : undefined

/** A float with a one-sided `clear`, the bottom of the earlier floats of each side and its own margin box top. */
interface Cleared {
  node: LayoutNode
  side: Side
  top: number
  below: Record<Side, number>
}

/**
 * Each float `clearOf` gives a side, with the lowest bottom margin edge of the earlier floats of each side of its
 * block formatting context and its own top margin edge, in the root's coordinates.
 */
function clearedFloats(encoded: EncodedTree, clearOf: (node: LayoutNode) => Side | undefined): Cleared[] {
  const { nodes, childIndices } = encoded
  const found: Cleared[] = []
  const lowest = new Map<number, Record<Side, number>>()
  const visit = (index: number, x: number, y: number, parentDisplay: string | undefined, own: number) => {
    const node = nodes[index]
    const context = index === 0 || isContextRoot(node, false, parentDisplay) ? index : own
    const side = index === 0 || node.style.position === 'absolute' ? undefined : floatSide(node.style)
    if (side) {
      const { layout } = node
      let below = lowest.get(own)
      if (!below) lowest.set(own, (below = { left: -Infinity, right: -Infinity }))
      const clears = clearOf(node)
      if (clears) found.push({ node, side: clears, top: y - layout.margin.top, below: { ...below } })
      below[side] = Math.max(below[side], y + layout.height + layout.margin.bottom)
    }
    for (const child of childIndices[index]) {
      const { layout } = nodes[child]
      visit(child, x + layout.left, y + layout.top, node.style.display, context)
    }
  }
  visit(0, nodes[0].layout.left, nodes[0].layout.top, undefined, 0)
  return found
}

/**
 * Lays the tree out again with the floats the engine cleared past the other side's floats without `clear`, and once
 * more with `clear` given back to those that then went above the floats of their side; returns the last layout and
 * a function that restores the styles.
 */
export function relayOutOneSidedClears(
  encoded: EncodedTree,
  layOut: () => EncodedTree
): { encoded: EncodedTree; restore: () => void } {
  const { styles, restore } = keptStyles()
  // Most documents have no float with a one-sided clear: nothing to walk.
  if (!encoded.nodes.some((node, i) => i > 0 && floatSide(node.style) && oneSide(node.style))) {
    return { encoded, restore }
  }
  const other = (side: Side): Side => (side === 'left' ? 'right' : 'left')
  for (const { node, side, top, below } of clearedFloats(encoded, (node) => oneSide(node.style))) {
    // Over-cleared: the other side's floats reach further down than its own side's and it is below its side's.
    if (below[other(side)] > below[side] + TOUCH && top > below[side] + TOUCH) {
      styles.set(node, node.style)
      node.style = { ...node.style, clear: 'none' }
    }
  }
  if (styles.size === 0) return { encoded, restore }
  countLayout('oneSidedClearLayouts')
  encoded = layOutAgain(layOut, restore)
  // Those that went above the bottom of the floats of their side need their `clear`.
  let back = false
  const clearOf = (node: LayoutNode) => (styles.has(node) ? oneSide(styles.get(node)!) : undefined)
  for (const { node, side, top, below } of clearedFloats(encoded, clearOf)) {
    if (top < below[side] - TOUCH) {
      node.style = styles.get(node)!
      back = true
    }
  }
  if (back) {
    countLayout('oneSidedClearLayouts')
    encoded = layOutAgain(layOut, restore)
  }
  return { encoded, restore }
}
