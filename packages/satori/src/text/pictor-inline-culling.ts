/**
 * Pictor (inline-text-culling, speed only): text of a paragraph with inline
 * boxes (links, `<b>`, `<code>` among its words) on a line entirely above or
 * below the image is not drawn, as satori already skips such lines of a
 * paragraph of plain text (text/index.ts). A page rendered at the size of a
 * viewport wrote the glyphs of every paragraph below it: Pico's documentation
 * page, 2,000 px of a 5,557 px page, handed resvg 318 KB of glyph outlines it
 * could not draw (of an SVG of 902 KB).
 */
import { isOutside, type PaintBounds } from '../culling.js'
import type { SerializedStyle } from '../handler/expand.js'

/**
 * The bounds to cull a run's lines by, or undefined when it is always drawn:
 * under a transform (drawn elsewhere than its box), with a text shadow (drawn
 * beside it), or with the tuning `inlineTextCulling` off.
 */
export function inlineCullBounds(
  bounds: PaintBounds | undefined,
  style: SerializedStyle,
  inheritedStyle: SerializedStyle
): PaintBounds | undefined {
  const tunings = style._pictorTunings as
    | { inlineTextCulling?: boolean }
    | undefined
  if (tunings?.inlineTextCulling === false) return undefined
  if (inheritedStyle._alwaysDrawn || style.textShadowOffset) return undefined
  return bounds
}

/**
 * Whether the glyphs on a baseline are entirely outside of the image, with a
 * margin of three font sizes around the baseline (text/index.ts gives a line
 * two from its top plus its ascent), a text stroke and what filters of
 * ancestors draw around them.
 */
export function baselineOutside(
  bounds: PaintBounds,
  baseline: number,
  style: SerializedStyle,
  inheritedStyle: SerializedStyle
): boolean {
  const margin =
    3 * (style.fontSize as number) +
    ((style.WebkitTextStrokeWidth as number) || 0) +
    ((inheritedStyle._cullMargin as number) || 0)
  return isOutside(bounds, 0, baseline, bounds.width, 0, margin)
}
