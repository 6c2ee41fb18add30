/**
 * Pictor (clearance-before-own-floats): a block with `clear` whose own floats come first in it.
 *
 * CSS 2 §9.5.2 places a block with `clear` at its hypothetical position, or lower, just below the floats it
 * clears when that position is above their bottom. The layout engine (`layout.wasm`, whose Rust source is not at
 * hand) gets it wrong when floats inside the block adjoin its top (no in-flow content, border or padding before
 * them): it puts the block's top at the bottom of the floats it clears even when that is far above the
 * block's hypothetical position, so the block is drawn over the content before it. OpenHTMLtoPDF's cafe menu has
 * `h4 { clear: both }` holding a floated price first: every menu item after the first was drawn over the one
 * before it.
 *
 * The clearance is handed to an empty block put just before it (the carrier) with the block's `clear` and top
 * margin; the block itself is laid out without either. The carrier's hypothetical position is the block's, its
 * clearance is the block's, and the block follows it at the same place: its top margin was the only margin between
 * them. So only blocks whose floats adjoin their top and whose content's top margins are all zero are changed (a
 * child's top margin would otherwise collapse with the carrier's margins, not be hidden by the clearance). After the
 * layout the block gets its top margin back (`restoreCarriedMargins`).
 */
import { LayoutNode, type LayoutStyle, type Length } from './node.js'
import { avoidsFloats } from './pictor-floats.js'

const isFloat = (style: LayoutStyle) => !!style.float && style.float !== 'none'
const overflows = (style: LayoutStyle) =>
  (style.overflowX !== undefined && style.overflowX !== 'visible') ||
  (style.overflowY !== undefined && style.overflowY !== 'visible')

/** Whether a child of a block container is laid out in the container's BFC (CSS 2 §9.4.1). */
const inSameContext = (style: LayoutStyle) =>
  style.display === 'block' && !overflows(style) && !isFloat(style) && style.position !== 'absolute'

const isZero = (length: Length | undefined) =>
  length === undefined ||
  length === 0 ||
  length === 'auto' ||
  (typeof length === 'string' && parseFloat(length) === 0)

const hasTopEdge = (style: LayoutStyle) => !isZero(style.paddingTop) || !!style.borderTopWidth
const hasBottomEdge = (style: LayoutStyle) => !isZero(style.paddingBottom) || !!style.borderBottomWidth
const hasOwnHeight = (style: LayoutStyle) =>
  (style.height !== undefined && style.height !== 'auto' && style.height !== 0) ||
  (style.minHeight !== undefined && style.minHeight !== 'auto' && style.minHeight !== 0)

/** What comes first in a block's flow, up to its first in-flow content. */
interface Leading {
  /** A float comes before any in-flow content. */
  float: boolean
  /** A margin that adjoins the block's top margin is not zero. */
  margin: boolean
}

/** Walks `node`'s children up to the first in-flow content; true when it was reached. */
function walkLeading(node: LayoutNode, found: Leading): boolean {
  for (const child of node.children) {
    const style = child.style
    if (style.display === 'none' || style.position === 'absolute') continue
    if (style.display === 'contents') {
      if (walkLeading(child, found)) return true
      continue
    }
    if (isFloat(style)) {
      found.float = true
      continue
    }
    if (!isZero(style.marginTop)) found.margin = true
    if (!inSameContext(style) || child.measure || hasTopEdge(style) || hasOwnHeight(style)) return true
    if (walkLeading(child, found)) return true
    // An empty block: its bottom margin adjoins too, and content may follow it.
    if (!isZero(style.marginBottom)) found.margin = true
    if (hasBottomEdge(style)) return true
  }
  return false
}

/**
 * Whether `node`, a child of a block container laid out in its BFC, is laid out with a clearance carrier before
 * it: it has `clear` (or a top margin: margin-before-own-floats), no top border or padding, a float before its first in-flow content, and only zero margins
 * adjoining its top margin.
 */
export function needsClearanceCarrier(node: LayoutNode): boolean {
  const style = node.style
  // Pictor (bfc-clearance): a box with `clear` that establishes its own BFC (a CSS table, here a grid: Bootstrap's
  // `.clearfix::after { display: table; clear: both }`; flex, flow-root, overflow) gets its clearance from a
  // carrier too. The engine cleared it only past the first of the floats before it when an empty float with a
  // margin came first (JSON Resume's "ace" entries: an empty `h4.pull-left`, then the dates floated), so the
  // heading after it was drawn over the dates. An empty block with `clear` is placed below them all.
  if (avoidsFloats(style) && !!style.clear && style.clear !== 'none') return true
  if (!inSameContext(style) || hasTopEdge(style)) return false
  // Pictor (margin-before-own-floats): a block without `clear` whose floats adjoin its top margin gets a carrier
  // of that margin too. The engine counted the margin twice where it had collapsed with the margin before it (the
  // bottom margin of the block before), so the floats reached that much further down than drawn and shortened the
  // lines below them: Scholarly HTML's floated `ol::before` labels ('Affiliations') pushed the next section's
  // heading to their right.
  const clears = !!style.clear && style.clear !== 'none'
  if (!clears && isZero(style.marginTop)) return false
  const found: Leading = { float: false, margin: false }
  walkLeading(node, found)
  return found.float && !found.margin
}

/** The empty block laid out before `node` with its `clear` and its top margin. */
export function clearanceCarrier(node: LayoutNode): LayoutNode {
  return new LayoutNode({ display: 'block', clear: node.style.clear, marginTop: node.style.marginTop })
}

/** The style `node` is laid out with after its carrier: no `clear`, no top margin. */
export function withoutClearance(style: LayoutStyle): LayoutStyle {
  return { ...style, clear: 'none', marginTop: 0 }
}

/** After a layout: each carried block's top margin is its carrier's, as the block would have had it. */
export function restoreCarriedMargins(carried: Map<LayoutNode, LayoutNode>) {
  for (const [node, carrier] of carried) node.layout.margin.top = carrier.layout.margin.top
}
