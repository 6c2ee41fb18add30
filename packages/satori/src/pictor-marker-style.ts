/**
 * Pictor (marker-pseudo-element): the `::marker` pseudo-element of a list item (CSS Lists 3 §3.1): its colour and
 * font weight and style, as Chromium draws them (`li::marker { color: … }`, Tailwind Typography's bullets). The
 * stylesheet pass cascades the pseudo-element's rules into a prop of the list item; the marker's elements take
 * these properties in place of the ones they inherit from the item.
 */
import type { SerializedStyle } from './handler/expand.js'

/** The prop that carries a list item's cascaded `::marker` declarations. */
export const MARKER_PROP = '__satoriMarker'

/** The properties of `::marker` drawn (the rest keep the list item's). */
const DRAWN = ['color', 'fontWeight', 'fontStyle'] as const

/**
 * The list item's style for its marker: `marker`'s drawn properties in place of the item's, where they are plain
 * values (a `var()`, `inherit` or `currentcolor` keeps the item's).
 */
export function withMarkerStyle(
  style: SerializedStyle,
  marker: Record<string, unknown> | undefined
): SerializedStyle {
  if (!marker) return style
  let out: SerializedStyle | undefined
  for (const key of DRAWN) {
    const value = marker[key]
    if (typeof value !== 'string' && typeof value !== 'number') continue
    const text = String(value).trim().toLowerCase()
    if (!text || text.includes('var(') || ['inherit', 'initial', 'unset', 'revert', 'currentcolor'].includes(text))
      continue
    out ??= { ...style }
    ;(out as Record<string, unknown>)[key] = key === 'fontWeight' && /^\d+$/.test(text) ? Number(text) : value
  }
  return out ?? style
}
