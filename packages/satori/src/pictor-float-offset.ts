/**
 * Pictor (float-relative-offset): a float with `position: relative` is moved by its insets after the layout, as any
 * relatively positioned box (Bootstrap 3's `.col-sm-push-3 { position: relative; left: 25% }` on its floated
 * columns). The layout engine places floats by their margins alone and leaves their insets out.
 */
import type { SerializedStyle } from './handler/expand.js'
import type { LayoutNode } from './layout-engine/index.js'

/** An inset in px: a length, a percentage of `base`, or a `calc()`; undefined for `auto` or none. */
function resolveInset(value: unknown, base: number): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && value.trim().endsWith('%')) {
    const percent = parseFloat(value)
    return Number.isFinite(percent) ? (percent / 100) * base : undefined
  }
  if (value && typeof value === 'object' && 'calc' in value) {
    return (value as { calc: (base: number) => number }).calc(base)
  }
  return undefined
}

/** The content box size of a laid-out node. */
function contentSize(node: LayoutNode | undefined) {
  if (!node?.layout) return { width: 0, height: 0 }
  const { width, height, border, padding } = node.layout
  return {
    width: width - border.left - border.right - padding.left - padding.right,
    height: height - border.top - border.bottom - padding.top - padding.bottom,
  }
}

/**
 * How far a relatively positioned float moves: `left` (else minus `right`) and `top` (else minus `bottom`),
 * percentages of its containing block's width and height (its parent's content box).
 */
export function floatRelativeOffset(
  style: SerializedStyle,
  parent: LayoutNode | undefined
): [number, number] {
  const { width, height } = contentSize(parent)
  const left = resolveInset(style.left, width)
  const right = resolveInset(style.right, width)
  const top = resolveInset(style.top, height)
  const bottom = resolveInset(style.bottom, height)
  return [left ?? (right === undefined ? 0 : -right), top ?? (bottom === undefined ? 0 : -bottom)]
}
