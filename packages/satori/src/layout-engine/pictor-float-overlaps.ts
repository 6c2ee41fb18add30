/**
 * Pictor (float-overlap-clear): the layout engine (`layout.wasm`, whose Rust source is not at hand) moves a float
 * that does not fit beside the floats on its own side down below them, but there it no longer checks the floats of
 * the other side: after `dt { float: left }` and a tall `dd { float: right; width: 45% }`, the next `dt`, too wide
 * for the room between them, went just below the first `dt`, over the `dd`, and the next `dd` over the first one
 * (md2resume's roboto template: a page of job titles and descriptions drawn over each other). CSS never lets the
 * margin boxes of two floats overlap (CSS 2 §9.5.1 rules 2 and 3): Chromium puts such a float below the float it
 * would overlap.
 *
 * So after a layout, each float whose margin box overlaps that of an earlier float of its block formatting context
 * gets `clear` toward that float's side (both sides when it overlaps floats of both), which the engine honours, and
 * the tree is laid out again: the float goes below the floats of that side, where Chromium puts it when the float it
 * overlapped is the lowest of them (a list of `dt`/`dd` pairs, a date floated beside each title). Floats with no room
 * of their own (a margin box of no width or height: negative margins, Tufte's side notes) are left alone, and a float
 * in the middle of a paragraph counts from its border box, its top margin holding the way down to its line.
 */
import type { EncodedTree } from './encode.js'
import type { LayoutNode, LayoutStyle } from './node.js'
import { keptStyles, layOutAgain } from './pictor-float-lines.js'
import { isContextRoot } from './pictor-margin-carriers.js'

/** The most layouts again: a float moved down moves the floats after it, which may overlap others. */
const MOST_PASSES = 4

/** How far, in px, two margin boxes may reach into each other and still count as side by side (rounding). */
const TOUCH = 0.5

type Side = 'left' | 'right' | 'both'

const floatSide = (style: LayoutStyle) =>
  style.float === 'left' || style.float === 'right' ? style.float : undefined

interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

/** The floats of each block formatting context with their margin boxes in the root's coordinates, in tree order. */
function floatsByContext(encoded: EncodedTree): Map<number, { node: LayoutNode; box: Box }[]> {
  const { nodes, childIndices } = encoded
  const byContext = new Map<number, { node: LayoutNode; box: Box }[]>()
  const visit = (index: number, x: number, y: number, parentDisplay: string | undefined, own: number) => {
    const node = nodes[index]
    const context = index === 0 || isContextRoot(node, false, parentDisplay) ? index : own
    const side = index === 0 ? undefined : floatSide(node.style)
    if (side && node.style.position !== 'absolute') {
      const { layout } = node
      const box = {
        // A float in the middle of a paragraph holds the way down to its line in its top margin
        // (float-at-its-line): from its border box down.
        top: node.lineTop ? y : y - layout.margin.top,
        bottom: y + layout.height + layout.margin.bottom,
        left: x - layout.margin.left,
        right: x + layout.width + layout.margin.right,
      }
      // Pictor (float-overlap-clear): floats that take no room are placed over others on purpose.
      if (box.right - box.left > TOUCH && box.bottom - box.top > TOUCH) {
        const list = byContext.get(own)
        if (list) list.push({ node, box })
        else byContext.set(own, [{ node, box }])
      }
    }
    for (const child of childIndices[index]) {
      const { layout } = nodes[child]
      visit(child, x + layout.left, y + layout.top, node.style.display, context)
    }
  }
  visit(0, nodes[0].layout.left, nodes[0].layout.top, undefined, 0)
  return byContext
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOUCH &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOUCH

/** The side each float laid over an earlier float of its context must clear. */
function clearances(encoded: EncodedTree): Map<LayoutNode, Side> {
  const clears = new Map<LayoutNode, Side>()
  for (const floats of floatsByContext(encoded).values()) {
    for (let k = 1; k < floats.length; k++) {
      let side: Side | undefined
      for (let j = 0; j < k; j++) {
        if (!overlap(floats[j].box, floats[k].box)) continue
        const other = floatSide(floats[j].node.style)!
        side = side === undefined || side === other ? other : 'both'
      }
      if (side) clears.set(floats[k].node, side)
    }
  }
  return clears
}

const combine = (a: LayoutStyle['clear'], b: Side): Side =>
  a === undefined || a === 'none' || a === b ? b : 'both'

/**
 * Lays the tree out again while floats overlap earlier floats of their formatting context, each given `clear` toward
 * the floats it overlapped; returns the last layout and a function that restores the styles.
 */
export function relayOutOverlappingFloats(
  encoded: EncodedTree,
  layOut: () => EncodedTree
): { encoded: EncodedTree; restore: () => void } {
  const { styles, restore } = keptStyles()
  for (let pass = 0; pass < MOST_PASSES; pass++) {
    if (!encoded.nodes.some((node, i) => i > 0 && floatSide(node.style))) break
    const clears = clearances(encoded)
    let changed = false
    for (const [node, side] of clears) {
      const clear = combine(node.style.clear, side)
      if (clear === node.style.clear) continue
      if (!styles.has(node)) styles.set(node, node.style)
      node.style = { ...node.style, clear }
      changed = true
    }
    if (!changed) break
    encoded = layOutAgain(layOut, restore)
  }
  return { encoded, restore }
}
