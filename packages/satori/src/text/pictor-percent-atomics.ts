/**
 * Pictor (percent-inline-blocks-fit): the room an atomic inline sized by a percentage takes on its line.
 *
 * Chromium resolves a percentage to a LayoutUnit, truncating to 1/64 px: three MJML columns of
 * `width: 33.333333333333336%` in 560 px are 186.65625 px each and fit on one line (559.97 px). The layout engine
 * rounds each box to whole pixels (187 px), so three of them were 561 px and the third wrapped onto a second line.
 * Lines are filled with the unrounded width; the box itself keeps its rounded size.
 */

/** A length truncated to Chromium's LayoutUnit (1/64 px). */
const layoutUnit = (value: number) => Math.trunc(value * 64) / 64

function resolve(value: unknown, of: number): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && value.endsWith('%')) return layoutUnit((parseFloat(value) / 100) * of)
  return undefined
}

/**
 * The width of an atomic inline's border box as Chromium resolves its percentage `width` (clamped by `min-width`
 * and `max-width`) against the line's `available` width, or undefined when its width is not a percentage.
 * `insets` are its horizontal padding and border, added when `box-sizing` is `content-box`.
 */
export function percentBorderBoxWidth(
  style: Record<string, unknown>,
  available: number,
  insets: number
): number | undefined {
  const width = style.width
  if (!(typeof width === 'string' && width.endsWith('%')) || !Number.isFinite(available)) return undefined
  let size = resolve(width, available) as number
  const max = resolve(style.maxWidth, available)
  if (max !== undefined) size = Math.min(size, max)
  const min = resolve(style.minWidth, available)
  if (min !== undefined) size = Math.max(size, min)
  return style.boxSizing === 'content-box' ? size + insets : size
}

/**
 * The width an atomic inline advances its line by: its margin box, less the part of a pixel its box was rounded up
 * by when its width is a percentage (`exact` from percentBorderBoxWidth).
 */
export function lineAdvance(marginBoxWidth: number, boxWidth: number, exact: number | undefined): number {
  if (exact === undefined) return marginBoxWidth
  const rounding = boxWidth - exact
  return Math.abs(rounding) < 1 ? marginBoxWidth - rounding : marginBoxWidth
}
