/**
 * Pictor (fieldset-legend-in-border): a fieldset's rendered legend is set into its top border, as in Chromium.
 *
 * Chromium lays the rendered legend (the fieldset's first `<legend>` child, neither floated nor absolutely
 * positioned) out of the fieldset's content: shrink-to-fit, at the fieldset's top (its own top margin ignored; a
 * legend shorter than the border is centred on it), beside the fieldset's left border and padding. The block-start
 * area is the larger of the border and the legend with its bottom margin; the fieldset's padding and content follow
 * it, their margins not collapsing with the legend's. satori laid the legend out as the first block inside the
 * border and padding, with its margins.
 *
 * Here the legend keeps its place in flow with a top margin that lifts it over the border and padding, and an empty
 * block after it (a spacer) holds its bottom margin and the padding, so the content's top margin adds to them.
 * A legend shorter than the border less its bottom margin is still placed at the top (its height is not known
 * before the layout).
 */
import { LayoutNode, type LayoutStyle } from './layout-engine/index.js'
import { buildXMLString } from './utils.js'

/** The fieldset's resolved top border and padding, for its rendered legend. */
export interface FieldsetTop {
  border: number
  padding: number
}

type Child = { type?: unknown } | string | number | boolean | null | undefined

/** The index of the fieldset's rendered legend among its children, -1 without one. */
export function renderedLegendIndex(children: readonly Child[]): number {
  return children.findIndex((child) => typeof child === 'object' && child?.type === 'legend')
}

/** The fieldset's top border and padding in px, or undefined when its padding is not a length in px. */
export function fieldsetTop(style: Record<string, unknown>): FieldsetTop | undefined {
  const border = typeof style.borderTopWidth === 'number' ? style.borderTopWidth : 0
  const padding = style.paddingTop === undefined ? 0 : style.paddingTop
  return typeof padding === 'number' ? { border, padding } : undefined
}

/**
 * Moves the legend to the fieldset's top, shrink-to-fit; returns the spacer to lay out after it (its bottom
 * margin and the fieldset's top padding), or undefined for a legend it leaves as it is.
 */
export function placeRenderedLegend(style: LayoutStyle, top: FieldsetTop): LayoutNode | undefined {
  const bottom = style.marginBottom ?? 0
  if (typeof bottom !== 'number') return undefined
  style.marginTop = -(top.border + top.padding)
  style.marginBottom = 0
  if (style.width === undefined || style.width === 'auto') style.width = 'fit-content'
  return new LayoutNode({ display: 'block', height: Math.max(0, bottom + top.padding) })
}

/** How far the fieldset's border and background start below its top: its top border through the legend's middle. */
export function legendPaintInset(legend: LayoutNode, borderTop: number): number {
  return Math.max(0, legend.layout.top + (legend.layout.height - borderTop) / 2)
}

/**
 * The fieldset's painted box (border and background) with its top border cut behind the legend's border box, as
 * Chromium cuts it; `box` and `legend` in the same coordinates.
 */
export function cutBehindLegend(
  painted: string,
  id: string,
  legend: { left: number; top: number; width: number; height: number }
): string {
  if (!painted) return painted
  const far = 1e5
  const d =
    `M${-far} ${-far}H${far}V${far}H${-far}Z` +
    `M${legend.left} ${legend.top}h${legend.width}v${legend.height}h${-legend.width}Z`
  const clipId = `satori_legend-${id}`
  return (
    buildXMLString(
      'clipPath',
      { id: clipId },
      buildXMLString('path', { d, 'clip-rule': 'evenodd' })
    ) + buildXMLString('g', { 'clip-path': `url(#${clipId})` }, painted)
  )
}

/**
 * Pictor (legend-cuts-border-only): the fieldset's style as two: its background (and shadow) with transparent
 * borders of the same widths, and its borders alone, so that only the borders are cut behind the legend.
 */
export function splitBorderFromBackground(style: Record<string, unknown>): {
  background: Record<string, unknown>
  border: Record<string, unknown>
} {
  const background = { ...style }
  for (const side of ['Top', 'Right', 'Bottom', 'Left'])
    background[`border${side}Color`] = 'transparent'
  const border = { ...style, backgroundColor: undefined, backgroundImage: undefined, boxShadow: undefined }
  return { background, border }
}

/** Whether the style paints a background (which Chromium does not cut behind the legend). */
export function hasBackground(style: Record<string, unknown>): boolean {
  const images = style.backgroundImage as unknown[] | undefined
  if (Array.isArray(images) ? images.length > 0 : !!images) return true
  const color = typeof style.backgroundColor === 'string' ? style.backgroundColor.replace(/\s/g, '') : ''
  return !!color && color !== 'transparent' && !/^rgba\(.*,0\)$/.test(color)
}
