/**
 * Pictor (collapsed-margins-beside-floats): where a block and its content meet the floats before them.
 *
 * The layout engine (`layout.wasm`, Taffy's block layout; its Rust source is not at hand) places a block in flow
 * where its margins collapse (CSS 2 §8.3.1), but tells its content where it is — for the floats: the exclusions that
 * shorten its lines, the place of its own floats — from the sum of the margins instead: the margins pending before
 * it (the bottom margin of the block before), plus its own top margin, plus each first child's top margin it
 * collapses with. So the lines of a heading after a block with a bottom margin met the floats before it as if the
 * heading were lower by the smaller margin: JSON Resume's srt theme has skill columns (`float: left`) overflowing
 * their section, and the next section's heading (`h2`, its margin collapsing with the section's bottom margin)
 * started its line below them 10 px too high, over the last skill.
 *
 * Such a block gets an empty block before it (a carrier) with the collapsed top margin of its chain (the block, its
 * first child, that one's first child…, as long as they adjoin), and the chain is laid out without its top
 * margins: the carrier's margin collapses with the margins before it as the chain's did, the engine counts it once,
 * and the chain follows at the place CSS gives it. Only chains in a formatting context with a float before them or
 * in them change, with lengths in px, when their margins could have been counted twice: two margins in the chain
 * that are not zero, or one after a block whose bottom margin may not be zero, or a child's one with a float in the
 * chain (floats-under-child-margin). After the layout each block of the
 * chain gets back the top margin the engine gave it (the collapsed margin of the chain from it down).
 */
import { LayoutNode, type LayoutStyle, type Length } from './node.js'

const isFloat = (style: LayoutStyle) => !!style.float && style.float !== 'none'
const overflows = (style: LayoutStyle) =>
  (style.overflowX !== undefined && style.overflowX !== 'visible') ||
  (style.overflowY !== undefined && style.overflowY !== 'visible')
const clears = (style: LayoutStyle) => !!style.clear && style.clear !== 'none'

/** Whether a box in block flow is laid out in its container's formatting context (CSS 2 §9.4.1). */
export const inSameContext = (style: LayoutStyle) =>
  style.display === 'block' && !overflows(style) && !isFloat(style) && style.position !== 'absolute'

/** Whether `node` lays its children out in a formatting context of their own; `parentDisplay` lays it out. */
export function isContextRoot(node: LayoutNode, root: boolean, parentDisplay: string | undefined): boolean {
  const style = node.style
  return (
    root ||
    style.display !== 'block' ||
    overflows(style) ||
    isFloat(style) ||
    style.position === 'absolute' ||
    parentDisplay === 'flex' ||
    parentDisplay === 'grid' ||
    !!node.measure
  )
}

/** A top margin in px, or undefined for one in other units (percentages, `calc()`, `auto`). */
function pxMargin(length: Length | undefined): number | undefined {
  if (length === undefined) return 0
  return typeof length === 'number' ? length : undefined
}

const isZero = (length: Length | undefined) =>
  length === undefined || length === 0 || (typeof length === 'string' && parseFloat(length) === 0)
const hasTopEdge = (style: LayoutStyle) => !isZero(style.paddingTop) || !!style.borderTopWidth
const hasBottomEdge = (style: LayoutStyle) => !isZero(style.paddingBottom) || !!style.borderBottomWidth
const hasOwnHeight = (style: LayoutStyle) =>
  (style.height !== undefined && style.height !== 'auto' && style.height !== 0) ||
  (style.minHeight !== undefined && style.minHeight !== 'auto' && style.minHeight !== 0)

/** The boxes of `node` laid out in its flow: `display: contents` unwrapped, `display: none` left out. */
function flowChildren(node: LayoutNode, into: LayoutNode[] = []): LayoutNode[] {
  for (const child of node.children) {
    if (child.style.display === 'none') continue
    if (child.style.display === 'contents') flowChildren(child, into)
    else into.push(child)
  }
  return into
}

const inFlow = (style: LayoutStyle) => !isFloat(style) && style.position !== 'absolute'

/** Margins collapsed (CSS 2 §8.3.1): the largest positive one plus the most negative one. */
export function collapseMargins(margins: number[]): number {
  let positive = 0
  let negative = 0
  for (const margin of margins) {
    positive = Math.max(positive, margin)
    negative = Math.min(negative, margin)
  }
  return positive + negative
}

/**
 * The chain of blocks whose top margins adjoin `node`'s, `node` first: each next one the first in-flow child of
 * the one before, in the same formatting context, without `clear`, while no border or padding separates them.
 * Blocks with a top margin in units other than px end it before them.
 */
export function marginChain(node: LayoutNode): LayoutNode[] {
  const chain: LayoutNode[] = []
  let current: LayoutNode | undefined = node
  while (current) {
    const style: LayoutStyle = current.style
    if (!inSameContext(style) || clears(style) || pxMargin(style.marginTop) === undefined) break
    chain.push(current)
    if (current.measure || hasTopEdge(style)) break
    current = flowChildren(current).find((child) => inFlow(child.style))
  }
  return chain
}

/** Whether the bottom margin of `node` (or of its last children, collapsing through its bottom) may not be zero. */
function mayEndInMargin(node: LayoutNode): boolean {
  const style = node.style
  if (!isZero(style.marginBottom)) return true
  if (!inSameContext(style) || node.measure || hasBottomEdge(style) || hasOwnHeight(style)) return false
  const children = flowChildren(node).filter((child) => inFlow(child.style))
  const last = children[children.length - 1]
  return last !== undefined && mayEndInMargin(last)
}

/**
 * Whether margins before `node` (a child of a block container, `siblings` the container's children laid out in
 * its flow) may be pending where it comes: a block before it in flow whose bottom margin may not be zero.
 */
export function mayFollowMargin(node: LayoutNode, siblings: LayoutNode[]): boolean {
  const index = siblings.indexOf(node)
  for (let i = index - 1; i >= 0; i--) {
    const style = siblings[i].style
    if (!inFlow(style) || style.display === 'none') continue
    return mayEndInMargin(siblings[i])
  }
  return false
}

/** The px top margins of a chain `marginChain` gave, in its order. */
export function chainMargins(chain: LayoutNode[]): number[] {
  return chain.map((node) => pxMargin(node.style.marginTop) ?? 0)
}

/** The empty block laid out before a chain with the chain's collapsed top margin. */
export function marginCarrier(margin: number): LayoutNode {
  return new LayoutNode({ display: 'block', marginTop: margin })
}

/** The style a block of a carried chain is laid out with: no top margin. */
export function withoutTopMargin(style: LayoutStyle): LayoutStyle {
  return { ...style, marginTop: 0 }
}

/** After a layout: each block of a carried chain gets the top margin the engine would have given it. */
export function restoreHoistedMargins(hoisted: Map<LayoutNode, number | LayoutNode>) {
  for (const [node, margin] of hoisted) {
    node.layout.margin.top = typeof margin === 'number' ? margin : margin.layout.margin.top
  }
}
