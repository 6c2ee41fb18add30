/**
 * Pictor: floats beside boxes that establish their own block formatting context (BFC), where the layout engine
 * (`layout.wasm`, whose Rust source is not at hand) differs from Chromium. Both are corrected in the tree handed
 * to it (`encode.ts`), never in its output.
 */
import { LayoutNode, type LayoutStyle, type Size } from './node.js'

/**
 * bfc-below-floats: the least width a float-avoiding box gets in block flow. Chromium never places a box that
 * establishes a BFC (an `<hr>`, `overflow` other than visible, `display: flow-root`, a flex or grid container, so
 * also a table here) in a layout opportunity of zero width: after a float as wide as its container (an e-mail's
 * `<table align=left width=100%>`) it goes below the float. The engine placed an auto-width one beside the float
 * at zero width, where it vanished. The least laid-out length (1/64 px: lengths go to the engine in 64ths of a
 * pixel, layout-units) sends it below as in Chromium; beside narrower floats it is sized as before.
 */
export const BESIDE_FLOATS_MIN_WIDTH = 1 / 64

const isFloat = (style: LayoutStyle) => !!style.float && style.float !== 'none'
const overflows = (style: LayoutStyle) =>
  (style.overflowX !== undefined && style.overflowX !== 'visible') ||
  (style.overflowY !== undefined && style.overflowY !== 'visible')

/** Whether a box in block flow keeps out of the floats beside it (it establishes a BFC). */
export function avoidsFloats(style: LayoutStyle): boolean {
  if (isFloat(style) || style.position === 'absolute') return false
  return (
    style.display === 'flow-root' || style.display === 'flex' || style.display === 'grid' || overflows(style)
  )
}

/** The `min-width` to lay a float-avoiding box in block flow out with: at least BESIDE_FLOATS_MIN_WIDTH. */
export function minWidthBesideFloats(minWidth: Size | undefined): Size | undefined {
  if (minWidth === undefined || minWidth === 'auto') return BESIDE_FLOATS_MIN_WIDTH
  if (typeof minWidth === 'number' && minWidth < BESIDE_FLOATS_MIN_WIDTH) return BESIDE_FLOATS_MIN_WIDTH
  return minWidth
}

const isBlockContainer = (style: LayoutStyle) => style.display === 'block' || style.display === 'flow-root'

/**
 * bfc-holds-floats: a block container that establishes a BFC grows to hold its floats, and its bottom padding and
 * border come after them (CSS 2 §10.6.7). The engine grew it to the floats' bottom but laid the padding and border
 * inside that, so an Inky column (`<th style="padding-bottom:16px">` holding only a floated `<table align=left>`)
 * came out 16 px short. `root` is the root of a layout (a BFC); `parentDisplay` the display of the box laying it out.
 */
export function holdsFloatsBelowPadding(node: LayoutNode, root: boolean, parentDisplay: string | undefined) {
  const style = node.style
  if (!isBlockContainer(style)) return false
  const bfc =
    root ||
    style.display === 'flow-root' ||
    overflows(style) ||
    isFloat(style) ||
    style.position === 'absolute' ||
    parentDisplay === 'flex' ||
    parentDisplay === 'grid'
  return bfc && hasFloatInFlow(node)
}

/** Whether a float is laid out in `node`'s formatting context (through blocks that do not establish their own). */
export function hasFloatInFlow(node: LayoutNode): boolean {
  for (const child of node.children) {
    const style = child.style
    if (isFloat(style)) return true
    if (style.position === 'absolute') continue
    if (style.display === 'contents' || (style.display === 'block' && !overflows(style))) {
      if (hasFloatInFlow(child)) return true
    }
  }
  return false
}

/**
 * The empty `clear: both` block put after the children of a box `holdsFloatsBelowPadding` names: the in-flow
 * content then ends below the floats and the engine adds the padding and border after it. In Chromium such a
 * block changes nothing in a BFC (its height already holds the floats), so the layout is Chromium's.
 */
export function clearanceBlock(): LayoutNode {
  return new LayoutNode({ display: 'block', clear: 'both' })
}
