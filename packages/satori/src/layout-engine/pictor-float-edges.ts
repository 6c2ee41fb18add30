/**
 * Pictor (float-context-edges): floats whose containing block reaches past the edges of their block formatting
 * context (BFC). The layout engine (`layout.wasm`: Taffy's `compute/float.rs`, whose source is not at hand here)
 * places a float at its containing block's edge, but checks whether it fits beside the other floats with that edge
 * clamped to the BFC's: in a 900 px page container in an 800 px viewport, a résumé's `float: right; width: 64%`
 * column was fitted as if the container ended at the viewport's edge, and dropped below its `width: 32%` neighbour.
 * CSS bounds floats by their containing block and by other floats only (CSS 2 §9.5.1), never by the BFC's edges.
 *
 * So after a layout, each BFC root whose floats' containing blocks reached past it is widened by that much — its
 * padding grown on that side, its margin (or, for the root of the layout, the available width) shrunk as much, so
 * that neither its content box nor its margin box moves — and the tree is laid out again; then the widened boxes
 * are put back as they are (`narrowBoxes`). Nothing else changes: the edges of the BFC bound nothing in CSS.
 *
 * Pictor (floats-in-centered-blocks): the same second layout gives a block centered by an `auto` left margin that
 * margin in px where its floats meet anything outside it (`floatContextFixes`): the engine lays such a block's
 * content out as if the margin were 0.
 */
import { type EncodedTree, float32AtMost } from './encode.js'
import type { Length, LayoutNode, LayoutStyle, Size } from './node.js'
import { keptStyles } from './pictor-float-lines.js'

/** How far, in px, content boxes of a BFC reach past the border box of its root, on each side. */
export interface Reach {
  left: number
  right: number
}

const isFloat = (style: LayoutStyle) => !!style.float && style.float !== 'none'
const overflows = (style: LayoutStyle) =>
  (style.overflowX !== undefined && style.overflowX !== 'visible') ||
  (style.overflowY !== undefined && style.overflowY !== 'visible')
const isBlockContainer = (style: LayoutStyle) => style.display === 'block' || style.display === 'flow-root'

/** Whether a child of a block container is laid out in the container's BFC (CSS 2 §9.4.1). */
const inSameContext = (style: LayoutStyle) =>
  style.display === 'block' && !overflows(style) && !isFloat(style) && style.position !== 'absolute'

/**
 * The farthest reach widened for, in px. The engine computes in 32-bit floats: a BFC root widened by 5e8 px lost its
 * own 800 px to rounding. Up to 2^17 px, lengths keep their 64ths of a pixel (layout-units); past it (no document's
 * box is that wide), the tree stays as the engine lays it out.
 */
const MAX_REACH = 2 ** 17

/** What a second layout changes: BFC roots to widen, and `auto` left margins to lay out as their px. */
export interface FloatContextFixes {
  /** By node index: how far content boxes in the BFC the node roots reach past its border box. */
  reaches: Map<number, Reach>
  /** By node index: the left margin an `auto` one came to. */
  pins: Map<number, number>
}

/**
 * After a layout of `nodes` (`childIndices`: the laid-out children of each, by index; the root first): what the
 * engine did not lay out as CSS does, in each BFC.
 *
 * - A block with an `auto` left margin (a centered page container): the engine lays its content out as if that
 *   margin were 0 (its Taffy has a "TODO: account for auto margins"), so its floats are placed and fitted against
 *   floats outside it, and text after it wraps around them, as if the block were at the left edge. Such a block
 *   whose floats meet anything outside it (another float in the BFC, or content below the block) gets its margin
 *   as px.
 * - A BFC root whose floats have a containing block reaching past its border box is widened by as much as the
 *   content boxes of blocks in its BFC reach past it, counted as the engine counts insets: from margins (an
 *   unpinned `auto` one as 0) and laid-out widths.
 */
export function floatContextFixes(nodes: LayoutNode[], childIndices: number[][]): FloatContextFixes {
  const reaches = new Map<number, Reach>()
  const pins = new Map<number, number>()
  // The BFC rooted at `rootIndex`, then the roots of the contexts inside it.
  const context = (rootIndex: number) => {
    const inner: number[] = []
    // Its blocks (the root first) by their parent's place here, with their border box's top and bottom in it.
    const blocks: { index: number; parent: number; top: number; bottom: number }[] = []
    // Its floats by their containing block's place in `blocks`, with their margin box's top and bottom.
    const floats: { block: number; top: number; bottom: number }[] = []
    const collect = (at: number, top: number) => {
      for (const childIndex of childIndices[blocks[at].index]) {
        const child = nodes[childIndex]
        const { top: childTop, height, margin } = child.layout
        if (inSameContext(child.style)) {
          blocks.push({ index: childIndex, parent: at, top: top + childTop, bottom: top + childTop + height })
          collect(blocks.length - 1, top + childTop)
          continue
        }
        inner.push(childIndex)
        if (isFloat(child.style)) {
          floats.push({ block: at, top: top + childTop - margin.top, bottom: top + childTop + height + margin.bottom })
        }
      }
    }
    blocks.push({ index: rootIndex, parent: -1, top: 0, bottom: nodes[rootIndex].layout.height })
    collect(0, 0)

    if (floats.length > 0) {
      const within = (at: number, ancestor: number) => {
        for (let place = at; place >= 0; place = blocks[place].parent) if (place === ancestor) return true
        return false
      }
      blocks.forEach(({ index, top, bottom }, at) => {
        const { style, layout } = nodes[index]
        if (at === 0 || style.marginLeft !== 'auto' || layout.margin.left === 0) return
        const own = floats.filter((float) => within(float.block, at))
        if (own.length === 0) return
        const meets =
          own.length < floats.length || own.some((float) => float.bottom > bottom || float.top < top)
        if (meets && Number.isFinite(layout.margin.left)) pins.set(index, layout.margin.left)
      })

      // `insetLeft` and `insetRight`: a block's border box from the root's border box.
      const reach: Reach = { left: 0, right: 0 }
      let floatOutside = false
      const visit = (index: number, insetLeft: number, insetRight: number) => {
        const { width, padding, border } = nodes[index].layout
        const contentLeft = insetLeft + border.left + padding.left
        const contentRight = insetRight + border.right + padding.right
        reach.left = Math.max(reach.left, -contentLeft)
        reach.right = Math.max(reach.right, -contentRight)
        for (const childIndex of childIndices[index]) {
          const child = nodes[childIndex]
          if (!inSameContext(child.style)) {
            if (isFloat(child.style) && (contentLeft < 0 || contentRight < 0)) floatOutside = true
            continue
          }
          const margin =
            child.style.marginLeft === 'auto' ? pins.get(childIndex) ?? 0 : child.layout.margin.left
          const childLeft = contentLeft + margin
          const childRight = insetRight + width - child.layout.width - (border.left + padding.left + margin)
          visit(childIndex, childLeft, childRight)
        }
      }
      visit(rootIndex, 0, 0)
      if (floatOutside && reach.left <= MAX_REACH && reach.right <= MAX_REACH) {
        reaches.set(rootIndex, { left: Math.ceil(reach.left), right: Math.ceil(reach.right) })
      }
    }
    for (const index of inner) search(index)
  }
  // Finds the BFC roots at or below a node that is not in its parent's BFC.
  const search = (index: number) => {
    if (isBlockContainer(nodes[index].style)) return context(index)
    for (const childIndex of childIndices[index]) search(childIndex)
  }
  if (nodes.length > 0) search(0)
  return { reaches, pins }
}

/** `length` grown by `by` px, or null if it can't be without resolving it. */
function grown(length: Length | undefined, by: number): Length | null {
  if (by === 0) return length ?? 0
  if (length === undefined) return by
  if (typeof length === 'number') return length + by
  if (length === 'auto') return null
  if (typeof length === 'object') {
    const { calc } = length
    return { calc: (basis) => calc(basis) + by }
  }
  // The engine reads percentages as 32-bit floats rounded down (percent-f32-floor).
  const share = float32AtMost(parseFloat(length) / 100)
  return { calc: (basis) => basis * share + by }
}

/** A width or its limit grown by `by` px when it sizes the border box; null if it can't be without resolving it. */
function grownSize(size: Size | undefined, borderBox: boolean, by: number): Size | undefined | null {
  if (size === undefined || size === 'auto') return size
  if (!borderBox) return size
  if (typeof size === 'number') return grown(size, by)
  if (typeof size === 'string' && size.endsWith('%')) return grown(size as `${number}%`, by)
  if (typeof size === 'object' && 'calc' in size) return grown(size, by)
  return null
}

/**
 * A BFC root's style widened by `reach` (see the module's comment): padding grown, margins shrunk (unless it is
 * the root of the layout, whose available width grows instead), a width or limit that sizes the border box grown.
 * Undefined when that can't be said without resolving lengths (an `auto` margin, a sizing keyword), for a root
 * laid out by a flex or grid container or positioned absolutely, and when the root has a child absolutely
 * positioned by `left` or `right` (from its padding box, which moves).
 */
export function widenedStyle(
  nodes: LayoutNode[],
  childIndices: number[][],
  index: number,
  parentDisplay: string | undefined,
  reach: Reach
): LayoutStyle | undefined {
  const style = nodes[index].style
  const isRoot = index === 0
  if (!isRoot && (style.position === 'absolute' || (parentDisplay !== 'block' && parentDisplay !== 'flow-root'))) {
    return undefined
  }
  const borderBox = style.boxSizing !== 'content-box'
  const by = reach.left + reach.right
  const width = grownSize(style.width, borderBox, by)
  const minWidth = grownSize(style.minWidth, borderBox, by)
  const maxWidth = grownSize(style.maxWidth, borderBox, by)
  const paddingLeft = grown(style.paddingLeft, reach.left)
  const paddingRight = grown(style.paddingRight, reach.right)
  const marginLeft = isRoot ? style.marginLeft : grown(style.marginLeft, -reach.left)
  const marginRight = isRoot ? style.marginRight : grown(style.marginRight, -reach.right)
  if ([width, minWidth, maxWidth, paddingLeft, paddingRight, marginLeft, marginRight].includes(null)) return undefined
  const placed = (value: Length | undefined) => value !== undefined && value !== 'auto'
  for (const childIndex of childIndices[index]) {
    const child = nodes[childIndex].style
    if (child.position === 'absolute' && (placed(child.left) || placed(child.right))) return undefined
  }
  return {
    ...style,
    width: width as Size | undefined,
    minWidth: minWidth as Size | undefined,
    maxWidth: maxWidth as Size | undefined,
    paddingLeft: paddingLeft as Length,
    paddingRight: paddingRight as Length,
    marginLeft: marginLeft as Length | undefined,
    marginRight: marginRight as Length | undefined,
  }
}

/**
 * Puts widened boxes back after a layout with `widenedStyle`: each one's place (but the root's, which did not
 * move), width and padding, and its children's places.
 */
export function narrowBoxes(nodes: LayoutNode[], childIndices: number[][], widened: Map<LayoutNode, Reach>) {
  nodes.forEach((node, index) => {
    const reach = widened.get(node)
    if (!reach) return
    const layout = node.layout
    if (index !== 0) {
      layout.left += reach.left
      layout.margin.left += reach.left
      layout.margin.right += reach.right
    }
    layout.width -= reach.left + reach.right
    layout.padding.left -= reach.left
    layout.padding.right -= reach.right
    for (const childIndex of childIndices[index]) nodes[childIndex].layout.left -= reach.left
  })
}

/**
 * After the layout of `encoded` (the root laid out in `width`): the layout again with what `floatContextFixes`
 * names fixed (`layOut` lays the tree out in a width), widened boxes put back; or `encoded` when there is nothing
 * to fix.
 */
export function relayOutPastFloatEdges(
  encoded: EncodedTree,
  width: number | 'min-content' | undefined,
  layOut: (width: number | 'min-content' | undefined) => EncodedTree
): EncodedTree {
  const { nodes, childIndices } = encoded
  const { reaches, pins } = floatContextFixes(nodes, childIndices)
  if (reaches.size === 0 && pins.size === 0) return encoded
  const parentDisplay: (string | undefined)[] = []
  childIndices.forEach((children, index) => {
    for (const child of children) parentDisplay[child] = nodes[index].style.display
  })
  const widened = new Map<LayoutNode, Reach>()
  const { styles, restore } = keptStyles()
  for (const [index, reach] of reaches) {
    const node = nodes[index]
    const style = widenedStyle(nodes, childIndices, index, parentDisplay[index], reach)
    if (!style) continue
    widened.set(node, reach)
    styles.set(node, node.style)
    node.style = style
  }
  for (const [index, marginLeft] of pins) {
    const node = nodes[index]
    styles.set(node, node.style)
    node.style = { ...node.style, marginLeft }
  }
  if (styles.size === 0) return encoded
  // The root of the layout keeps its margins: the width it is laid out in grows instead, when it fills it.
  const root = nodes[0]
  const rootReach = widened.get(root)
  const fills = rootReach && typeof width === 'number' && (styles.get(root)?.width ?? 'auto') === 'auto'
  let again: EncodedTree
  try {
    again = layOut(fills ? width + rootReach.left + rootReach.right : width)
  } finally {
    restore()
  }
  narrowBoxes(again.nodes, again.childIndices, widened)
  return again
}
