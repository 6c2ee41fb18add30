/**
 * Pictor (bfc-negative-margins-beside-floats): a box that establishes a block formatting context (a flex row, an
 * `overflow: hidden` block) beside a float keeps out of the float, and Chromium then applies its inline margins only
 * where they are positive, on both sides (LayoutNG's `NGBlockLayoutAlgorithm` for a new formatting context: where
 * floats narrow the layout opportunity, each side's inset is `max(0, margin − the float's intrusion on that side)`).
 * A Bootstrap-style `.row { display: flex; margin: 0 -15px }` beside a floated sidebar is as wide as the room beside
 * the float, not 2 × 15 px wider. The layout engine (`layout.wasm`, source not at hand) left out the margin on the
 * float's side but applied the other one: the row reached 15 px past its container on the other side.
 *
 * So after a layout, each such box of `width: auto` in block flow with a negative inline margin, beside a float of the
 * same block, that the engine did not lay out where its margins alone put it gets its negative inline margins as 0,
 * and the tree is laid out again; the styles are given back after the last layout.
 */
import type { EncodedTree } from './encode.js'
import type { LayoutNode, LayoutStyle } from './node.js'
import { keptStyles } from './pictor-float-lines.js'
import { avoidsFloats } from './pictor-floats.js'

/** The most layouts again: a box narrowed may move the floats and boxes after it. */
const MOST_PASSES = 2
const EPSILON = 1 / 32

const isBlockContainer = (style: LayoutStyle) => style.display === 'block' || style.display === 'flow-root'
const negative = (length: unknown) => typeof length === 'number' && length < 0

/** The boxes beside floats whose negative inline margins the engine applied where Chromium does not. */
function besideFloats(encoded: EncodedTree, done: Set<LayoutNode>): LayoutNode[] {
  const found: LayoutNode[] = []
  encoded.childIndices.forEach((children, index) => {
    const parent = encoded.nodes[index]
    if (!parent || !isBlockContainer(parent.style)) return
    const { padding, border, width } = parent.layout
    const contentLeft = padding.left + border.left
    const contentRight = width - padding.right - border.right
    // The floats laid out before each child in this block, in its coordinates.
    const floats: { top: number; bottom: number }[] = []
    for (const child of children) {
      const node = encoded.nodes[child]
      if (!node) continue
      if (node.style.float === 'left' || node.style.float === 'right') {
        const { top, height, margin } = node.layout
        floats.push({ top: top - margin.top, bottom: top + height + margin.bottom })
        continue
      }
      if (done.has(node)) continue
      const style = node.style
      if (!avoidsFloats(style) || style.position === 'absolute') continue
      if (!negative(style.marginLeft) && !negative(style.marginRight)) continue
      if ((style.width ?? 'auto') !== 'auto' || (style.maxWidth ?? 'auto') !== 'auto') continue
      if (typeof (style.marginLeft ?? 0) !== 'number' || typeof (style.marginRight ?? 0) !== 'number') continue
      const marginLeft = (style.marginLeft ?? 0) as number
      const marginRight = (style.marginRight ?? 0) as number
      const { left, top, height, width: boxWidth } = node.layout
      // Only beside a float of this block (the engine may place a box
      // elsewhere for other reasons, left as they are).
      if (!floats.some((f) => f.top < top + height && f.bottom > top)) continue
      // Where its margins alone put it: a float moved an edge in.
      const pushed =
        left > contentLeft + marginLeft + EPSILON ||
        left + boxWidth < contentRight - marginRight - EPSILON
      if (pushed) found.push(node)
    }
  })
  return found
}

/**
 * Lays the tree out again while boxes beside floats had negative inline margins applied; returns the last layout and
 * a function that gives the boxes their styles back.
 */
export function relayOutBesideFloatMargins(
  encoded: EncodedTree,
  layOut: () => EncodedTree
): { encoded: EncodedTree; restore: () => void } {
  const { styles, restore } = keptStyles()
  for (let pass = 0; pass < MOST_PASSES; pass++) {
    const nodes = besideFloats(encoded, new Set(styles.keys()))
    if (nodes.length === 0) break
    for (const node of nodes) {
      const style = node.style
      styles.set(node, style)
      node.style = {
        ...style,
        ...(negative(style.marginLeft) ? { marginLeft: 0 } : {}),
        ...(negative(style.marginRight) ? { marginRight: 0 } : {}),
      }
    }
    try {
      encoded = layOut()
    } catch (error) {
      restore()
      throw error
    }
  }
  return { encoded, restore }
}
