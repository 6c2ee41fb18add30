/**
 * Pictor (table-column-weights): the auto columns of a table that Pictor's
 * HTML layer translates into a grid are weighted by the max-content widths
 * of their cells, measured here with the fonts the cells' text is drawn in.
 *
 * Chromium's auto table layout gives a table wider than its columns' max-content
 * widths the extra width in proportion to those widths (Blink's
 * `DistributeInlineSizeToComputedInlineSizeAuto`); the grid does the same with
 * `minmax(min-content, <max-content>fr)` tracks. Outside the layout engine the
 * max-content widths are only estimates (the HTML layer has no fonts): a column
 * of `€` amounts or of bold headers came out a few pixels off.
 */

import type { GridTrackList, LayoutNode } from './layout-engine/index.js'
import type { MeasuredCell } from './pictor-table-fit.js'

/**
 * On a table's grid: the columns (indices, space separated) whose track is
 * `minmax(min-content, <weight>fr)` and takes its weight from its cells.
 */
export const TABLE_WEIGHTS_PROP = 'data-pictor-table-weights'
/**
 * On a cell of such a table: its first column, the number of columns it
 * spans, and in the collapsing model the width of border it counts (half of
 * the winning border on each side; the one it draws may be its neighbour's).
 */
export const TABLE_COLUMN_PROP = 'data-pictor-table-column'
/**
 * Pictor (cell-max-width): on such a cell, the px width its `max-width` caps
 * its box at (padding in, borders out): its min- and max-content
 * contributions to its column are at most that, as in Chromium.
 */
export const TABLE_CELL_MAX_PROP = 'data-pictor-cell-max-width'

/**
 * Sets the `fr` weight of each listed column of `grid` to its max-content
 * width, as Chromium weighs its auto columns: the widest max-content border
 * box of its single-column cells (with the borders a cell counts in the
 * collapsing model), widened by the cells spanning it and other columns
 * where those are wider than the columns together (CSS 2.1 §17.5.2.2: the
 * excess goes to the listed columns it spans in proportion to their widths,
 * equally when none has any). A column without a cell keeps its weight.
 */
export function weighTableColumns(
  grid: LayoutNode,
  spec: string,
  cells: MeasuredCell[]
) {
  const tracks = (grid.style.gridTemplateColumns as GridTrackList | undefined)
    ?.tracks
  if (!tracks) return
  const columns = new Set(
    spec
      .trim()
      .split(/\s+/)
      .filter((word) => /^\d+$/.test(word))
      .map(Number)
  )
  const gap =
    typeof grid.style.columnGap === 'number' ? grid.style.columnGap : 0
  const widest = new Map<number, number>()
  const spanning: { column: number; span: number; width: number }[] = []
  for (const { column, span, max } of cells) {
    if (span > 1) spanning.push({ column, span, width: max })
    else widest.set(column, Math.max(widest.get(column) ?? 0, max))
  }
  // A fixed column is as wide as its width at least.
  const columnWidth = (i: number) => {
    const max = (tracks[i] as { max?: unknown } | undefined)?.max
    return Math.max(widest.get(i) ?? 0, typeof max === 'number' ? max : 0)
  }
  // Narrower spans first, as Chromium distributes them.
  spanning.sort((a, b) => a.span - b.span)
  for (const { column, span, width } of spanning) {
    const spanned = Array.from({ length: span }, (_, k) => column + k)
    const has = spanned.reduce((sum, i) => sum + columnWidth(i), 0)
    const excess = width - has - gap * (span - 1)
    const takers = spanned.filter((i) => columns.has(i))
    if (excess <= 0 || takers.length === 0) continue
    const total = takers.reduce((sum, i) => sum + (widest.get(i) ?? 0), 0)
    for (const i of takers) {
      const own = widest.get(i) ?? 0
      const share = total > 0 ? (excess * own) / total : excess / takers.length
      widest.set(i, own + share)
    }
  }
  // An empty column weighs next to nothing (see the HTML layer's estimate).
  // Flex factors summing to under 1 would leave part of the table empty, so
  // small ones are scaled up.
  const weights = new Map<number, number>()
  for (const column of columns) {
    const width = widest.get(column)
    // Under a layout unit (1/64 px) is rounding, not content.
    if (width !== undefined) weights.set(column, width > 1 / 32 ? width : 0)
  }
  const total = [...weights.values()].reduce((sum, w) => sum + w, 0)
  for (const [column, width] of weights) {
    weights.set(column, width > 0 ? width : total > 0 ? 0.01 : 1)
  }
  const sum = [...weights.values()].reduce((all, w) => all + w, 0)
  const scale = sum > 0 && sum < 1 ? 1 / sum : 1
  for (const [column, weight] of weights) {
    const track = tracks[column]
    if (!track || !('max' in track)) continue
    if (typeof track.max !== 'string' || !track.max.endsWith('fr')) continue
    track.max = `${Number((weight * scale).toFixed(4))}fr`
  }
}
