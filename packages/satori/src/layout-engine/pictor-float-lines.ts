/**
 * Pictor (float-at-its-line): a float in the middle of a paragraph has its top
 * at the top of the line holding the content before it (CSS 2 §9.5.1 rule 6),
 * not at the paragraph's top. satori lays such a float out before the
 * paragraph's anonymous block, so that the lines wrap around it; for a float
 * whose margin box takes no room beside the lines (Tufte's side notes and
 * margin notes: `float: right; width: 50%; margin-right: -60%`), its top margin
 * grows by the distance to its line, and the tree is laid out again. A float
 * that takes room moves too (float-below-its-line, see text/pictor-float-fit.ts):
 * to its line when it fits beside the content before it, else below the line.
 */
import type { EncodedTree } from './encode.js'
import type { LayoutNode, LayoutStyle } from './node.js'

/** The most layouts again: floats cleared by earlier moved floats may move again. */
const MOST_PASSES = 3

/** How much further down each float in the middle of a paragraph goes. */
function floatShifts(nodes: LayoutNode[], shifts: Map<LayoutNode, number>) {
  const changed = new Map<LayoutNode, number>()
  for (const node of nodes) {
    if (!node.lineTop) continue
    const { layout } = node
    // Pictor (float-below-its-line): a float that takes room goes to its
    // line when it fits beside the content before it there, else below it.
    const takesRoom =
      layout.width + layout.margin.left + layout.margin.right > 0
    if (takesRoom && !node.fitTop) continue
    const lineTop = takesRoom ? node.fitTop!() : node.lineTop()
    if (lineTop === undefined) continue
    const shift = shifts.get(node) ?? 0
    // Where its margin box starts, its top margin holding the shift: after
    // the floats it clears and not above the floats before it.
    const placed = layout.top - layout.margin.top
    const wanted = Math.max(0, lineTop - placed)
    if (Math.abs(wanted - shift) > 1 / 64) changed.set(node, wanted)
  }
  return changed
}

/** Lays the tree out again; on a throw, takes the changes made for it back first. */
export function layOutAgain(
  layOut: () => EncodedTree,
  restore: () => void
): EncodedTree {
  try {
    return layOut()
  } catch (error) {
    restore()
    throw error
  }
}

/**
 * The styles a relayout replaced, each node's first one, and a function that gives them back: the layouts again
 * change `node.style` for one layout call and must leave the tree as it was.
 */
export function keptStyles(): { styles: Map<LayoutNode, LayoutStyle>; restore: () => void } {
  const styles = new Map<LayoutNode, LayoutStyle>()
  const restore = () => {
    for (const [node, style] of styles) node.style = style
  }
  return { styles, restore }
}

/**
 * Lays the tree out again while floats in the middle of paragraphs are above
 * their lines; returns the last layout and a function that restores the styles.
 */
export function relayOutFloatsAtTheirLines(
  encoded: EncodedTree,
  layOut: () => EncodedTree
): { encoded: EncodedTree; restore: () => void } {
  const styles = new Map<LayoutNode, LayoutStyle>()
  const shifts = new Map<LayoutNode, number>()
  const restore = () => {
    for (const [node, style] of styles) {
      node.style = style
      node.shiftFloat?.(0)
    }
  }
  for (let pass = 0; pass < MOST_PASSES; pass++) {
    const changed = floatShifts(encoded.nodes, shifts)
    let moved = false
    for (const [node, shift] of changed) {
      const style = styles.get(node) ?? node.style
      const marginTop = style.marginTop ?? 0
      if (typeof marginTop !== 'number') continue
      styles.set(node, style)
      shifts.set(node, shift)
      node.shiftFloat?.(shift)
      node.style = { ...style, marginTop: marginTop + shift }
      moved = true
    }
    if (!moved) break
    encoded = layOutAgain(layOut, restore)
  }
  return { encoded, restore }
}
