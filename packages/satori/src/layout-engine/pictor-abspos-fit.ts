/**
 * Pictor (abspos-fit-within-insets): the shrink-to-fit width of an absolutely
 * positioned box with an auto width and one horizontal inset (`left: 50%`
 * and no `right`, the `translate(-50%, -50%)` centring trick) is fitted into
 * its containing block's width less that inset and its margins (CSS 2
 * §10.3.7: the available width is the containing block's width minus `left`,
 * the margins, borders and padding), as Chromium does. The engine fitted it
 * into the whole width of the containing block, so a hero's name of two
 * words that fits there but not in the half right of `left: 50%` stayed on
 * one line where Chromium breaks it onto two. After a first layout, such a
 * box that came out wider than that room gets `width: fit-content(<room>)`
 * (at least its min-content width, at most its max-content width) and the
 * tree is laid out again.
 */
import type { EncodedTree } from './encode.js'
import { layOutAgain } from './pictor-float-lines.js'
import type { Length, LayoutNode, LayoutStyle } from './node.js'

/** A set inset in px, `basis` being the containing block's width; undefined when auto or unset. */
function insetPx(value: Length | undefined, basis: number): number | undefined {
  if (value === undefined || value === 'auto') return undefined
  if (typeof value === 'number') return value
  if (typeof value === 'string') {
    const percent = Number.parseFloat(value)
    return Number.isFinite(percent) ? (percent / 100) * basis : undefined
  }
  const px = value.calc(basis)
  return Number.isFinite(px) ? px : undefined
}

/**
 * Lays the tree out again with the boxes described above fitted into the room
 * their inset leaves; returns the last layout and a function that restores
 * the styles.
 */
export function relayOutAbsoluteInsets(
  encoded: EncodedTree,
  layOut: () => EncodedTree
): { encoded: EncodedTree; restore: () => void } {
  const styles = new Map<LayoutNode, LayoutStyle>()
  const restore = () => {
    for (const [node, style] of styles) node.style = style
    styles.clear()
  }
  for (const node of encoded.nodes) {
    const { style, parent } = node
    if (style.position !== 'absolute' || !parent || style.replaced) continue
    if (style.display === 'none' || style.display === 'contents') continue
    if (style.width !== undefined && style.width !== 'auto') continue
    const { layout: block } = parent
    const basis = block.width - block.border.left - block.border.right
    const left = insetPx(style.left, basis)
    const right = insetPx(style.right, basis)
    // Both insets: the engine sizes the box to the room between them.
    // Neither: it stays at its static position (not handled here).
    const inset = left === undefined ? right : right === undefined ? left : undefined
    if (inset === undefined) continue
    const { layout } = node
    const room = basis - inset - layout.margin.left - layout.margin.right
    if (!(layout.width > room + 1 / 64)) continue
    styles.set(node, style)
    node.style = { ...style, width: { fitContent: Math.max(0, room) } }
  }
  if (styles.size === 0) return { encoded, restore }
  return { encoded: layOutAgain(layOut, restore), restore }
}
