/**
 * Pictor (table-column-layout-units): text measured in layout units while a
 * table's cells are measured for its columns.
 *
 * The layout engine rounds a measured text's width up to the next whole
 * pixel, so that rounding the laid-out boxes never makes it wrap. Chromium
 * keeps a cell's max-content width in LayoutUnits (1/64 px) and shares a
 * table's width among its columns in proportion to those: a column of Hebrew
 * text 203.39 px wide weighed as 204 px made its neighbour, holding a 100%
 * wide logo, half a pixel narrower (302.03 px against 302.52), the logo
 * 0.17 px shorter and every row below it a pixel higher once snapped.
 * While `inLayoutUnits()` runs, text measurements round up to 1/64 px instead;
 * the cells are laid out unrounded then (`exact`), so their widths keep them.
 * A measured size keeps its unrounded `exactWidth` for it, so the measures
 * kept by width serve both.
 */

import { roundUpToLayout } from './utils.js'

/** A LayoutUnit in px is 1 / LAYOUT_UNITS. */
const LAYOUT_UNITS = 64

let depth = 0

/** Runs `measure` with text widths rounded up to layout units, not pixels. */
export function inLayoutUnits<T>(measure: () => T): T {
  depth++
  try {
    return measure()
  } finally {
    depth--
  }
}

/**
 * A text's measured size as the layout engine takes it: as measured (its
 * width rounded up to `1 / pointScaleFactor` px), or inside `inLayoutUnits()`
 * with its `exactWidth` rounded up to a layout unit instead.
 */
export function inMeasuredUnits<
  T extends { width: number; exactWidth?: number }
>(size: T, pointScaleFactor?: number): T {
  if (depth === 0 || size.exactWidth === undefined) return size
  const scale = pointScaleFactor === 0 ? 0 : LAYOUT_UNITS
  return { ...size, width: roundUpToLayout(size.exactWidth, scale, 1e-3) }
}
