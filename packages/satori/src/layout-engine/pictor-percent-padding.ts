/**
 * Pictor (percent-padding-flex-items): a flex item's percentage padding counts
 * in its flex base size, as in Chromium, where it resolves against the flex
 * container's inner width. The engine resolves it (to the right value) only in
 * the final layout of the item, not while it sizes the item from its content:
 * an item of `padding-right: 6%` came out as wide as its text, the padding then
 * took room from the text and a date like `[MM.YY - MM.YY]` wrapped (a CV
 * template's title rows: `display: flex; justify-content: space-between`).
 * After a first layout, such paddings are set to the lengths they resolved to
 * and the tree is laid out again. Where that changes the width the percentages
 * resolve against (a container sized by its items), those percentages are put
 * back and the tree is laid out once more: Chromium does not count a padding that depends on its own container's
 * size in that size either.
 */
import type { EncodedTree } from './encode.js'
import { layOutAgain } from './pictor-float-lines.js'
import type { LayoutNode, LayoutStyle } from './node.js'

const EDGES = ['Left', 'Right', 'Top', 'Bottom'] as const

const isPercent = (value: unknown): value is string =>
  typeof value === 'string' && value.endsWith('%')

/** Whether `node` is laid out as an item of a flex container. */
function isFlexItem(node: LayoutNode): boolean {
  const display = node.parent?.style.display
  return node.parent !== null && (display === undefined || display === 'flex')
}

/** The width the percentages of `node` resolve against: its parent's content box. */
function basisOf(node: LayoutNode): number {
  const { layout } = node.parent as LayoutNode
  return (
    layout.width -
    layout.padding.left -
    layout.padding.right -
    layout.border.left -
    layout.border.right
  )
}

/**
 * Lays the tree out again with the percentage paddings of flex items fixed to
 * the lengths the first layout gave them; returns the last layout and a
 * function that restores the styles.
 */
export function relayOutPercentPaddings(
  encoded: EncodedTree,
  layOut: () => EncodedTree
): { encoded: EncodedTree; restore: () => void } {
  const styles = new Map<LayoutNode, LayoutStyle>()
  const bases = new Map<LayoutNode, number>()
  const restore = () => {
    for (const [node, style] of styles) node.style = style
    styles.clear()
  }
  for (const node of encoded.nodes) {
    const { style } = node
    if (!EDGES.some((edge) => isPercent(style[`padding${edge}`]))) continue
    if (!isFlexItem(node)) continue
    const fixed: LayoutStyle = { ...style }
    for (const edge of EDGES) {
      if (isPercent(style[`padding${edge}`]))
        fixed[`padding${edge}`] =
          node.layout.padding[edge.toLowerCase() as Lowercase<typeof edge>]
    }
    styles.set(node, style)
    bases.set(node, basisOf(node))
    node.style = fixed
  }
  if (styles.size === 0) return { encoded, restore }
  let again = layOutAgain(layOut, restore)
  const moved = [...bases].filter(
    ([node, basis]) => Math.abs(basisOf(node) - basis) > 1 / 64
  )
  if (moved.length > 0) {
    for (const [node] of moved) {
      node.style = styles.get(node) as LayoutStyle
      styles.delete(node)
    }
    again = layOutAgain(layOut, restore)
  }
  return { encoded: again, restore }
}
