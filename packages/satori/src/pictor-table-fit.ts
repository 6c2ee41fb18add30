/**
 * Pictor (table-narrow-columns): the columns of a table narrower than its
 * columns' max-content widths together, as Chromium sizes them.
 *
 * Pictor's HTML layer translates a table into a grid. Where the table is at
 * least as wide as its columns want, the grid's tracks share the width as
 * Chromium does (see `pictor-table-columns.ts`). Narrower, Chromium gives each
 * auto column its min-content width and a share of the rest in proportion to
 * (max-content − min-content): every column the same fraction of the way from
 * its minimum to its maximum (css-tables-3 "width distribution", Blink's
 * `DistributeInlineSizeToComputedInlineSizeAuto`, with percentage and fixed
 * columns served first). A grid shares it differently (auto tracks grow
 * equally, `fr` tracks by their factor), so long descriptions beside short
 * amounts wrapped elsewhere than in Chromium. The cells' min- and max-content
 * widths are measured before the layout; once the layout gives each such
 * table its width, its tracks are set to the widths Chromium would give, and
 * the layout is run again (nested tables may take another pass).
 */

import type { GridTrackList, GridTrackSize, LayoutNode } from './layout-engine/index.js'
import { inLayoutUnits } from './pictor-layout-unit-text.js'

/**
 * On a table's grid: one word per column, `a` for an auto column, `<n>px`
 * for a column of a fixed width (its cell's width and padding, the borders
 * left out; `=<n>px` with them, a `border-box` cell) and `<n>%` for a
 * percentage one.
 */
export const TABLE_FIT_PROP = 'data-pictor-table-fit'

/** A column's constraints, as Chromium's table layout collects them. */
export interface FitColumn {
  min: number
  max: number
  /** A percentage column's percentage. */
  percent?: number
  /** Whether the column has a fixed width (then `max` is that width). */
  fixed?: boolean
}

/** What a table keeps between the measuring and the layout. */
export interface TableFit {
  /** Each column's kind. */
  kinds: ColumnKind[]
  cells: MeasuredCell[]
  columns: FitColumn[]
  gap: number
  /** The tracks the HTML layer gave, restored when the table grows wide. */
  tracks: GridTrackSize[]
  /** Whether the tracks are ours (fixed widths) rather than the grid's. */
  fitted: boolean
  /** Whether the cells' min-content widths are measured (`measureMin`). */
  measured: boolean
  /** Whether their max-content widths are (else only once it may be narrow). */
  measuredMax: boolean
}

/**
 * A measured cell: its node, first column, span and border box widths (the
 * min-content one 0 until measured).
 */
export interface MeasuredCell {
  node: LayoutNode
  column: number
  span: number
  min: number
  max: number
  /** The width of the side borders it counts (see `measureTableCells`). */
  borders: number
  /** Its side padding and those borders: the least it can be. */
  frame: number
}

/** Lays a tree out on its own: at its max-content width, or min-content. */
export type Layout = (
  root: LayoutNode,
  options: { width?: number | 'min-content'; exact?: boolean }
) => void

/** The grid items of a grid, through `display: contents` rows and groups. */
function* gridItems(node: LayoutNode): Generator<LayoutNode> {
  for (const child of node.children) {
    if (child.style.display === 'contents') yield* gridItems(child)
    else yield child
  }
}

/** A cell's border box width as laid out, with the borders it counts. */
function cellBox(item: LayoutNode) {
  const { width, border } = item.layout
  const counted = item.tableColumnBorders
  const box =
    counted === undefined ? width : width - border.left - border.right + counted
  // Pictor (cell-max-width): at most what its `max-width` allows, with the
  // borders it counts (LaTeXML's equation numbers, `max-width: 0em;
  // white-space: nowrap`, take no width from the columns in Chromium).
  if (item.tableCellMax === undefined) return box
  return Math.min(
    box,
    item.tableCellMax + (counted ?? border.left + border.right)
  )
}

/**
 * The max-content border box widths of a table's cells (those that name
 * their column), each laid out alone, with the borders a cell counts in the
 * collapsing model rather than those it draws.
 */
export function measureTableCells(
  grid: LayoutNode,
  computeLayout: Layout
): MeasuredCell[] {
  const cells: MeasuredCell[] = []
  for (const item of gridItems(grid)) {
    const column = item.tableColumn
    if (column === undefined || item.style.display === 'none') continue
    // Pictor (table-column-layout-units): its text's width in 1/64 px.
    inLayoutUnits(() => computeLayout(item, { exact: true }))
    const { border, padding } = item.layout
    const borders = item.tableColumnBorders ?? border.left + border.right
    cells.push({
      node: item,
      column,
      span: item.tableColumnSpan ?? 1,
      min: 0,
      max: cellBox(item),
      borders,
      frame: borders + padding.left + padding.right,
    })
  }
  return cells
}

/** A column's kind in `TABLE_FIT_PROP`: a percentage, a fixed width, or auto. */
interface ColumnKind {
  percent?: number
  fixedWidth?: number
  /** Whether `fixedWidth` has the borders in (a `border-box` cell). */
  withBorders?: boolean
}

/** The column kinds of `TABLE_FIT_PROP`, or undefined when it is not one. */
function parseKinds(spec: string): ColumnKind[] | undefined {
  const kinds: ColumnKind[] = []
  for (const word of spec.trim().split(/\s+/)) {
    if (word === 'a') kinds.push({})
    else if (/^\d+(\.\d+)?%$/.test(word))
      kinds.push({ percent: Number(word.slice(0, -1)) })
    else if (/^=?\d+(\.\d+)?px$/.test(word))
      kinds.push({
        fixedWidth: Number(word.replace('=', '').slice(0, -2)),
        withBorders: word.startsWith('='),
      })
    else return undefined
  }
  return kinds
}

/**
 * The constraints of a table's columns, as Chromium collects them: each
 * column's min- and max-content widths from its single-column cells, then the
 * cells spanning columns distributed over them, narrower spans first (a
 * cell's min, then its max, shared by the width distribution below).
 */
function columnConstraints(
  kinds: ColumnKind[],
  cells: MeasuredCell[],
  gap: number
): FitColumn[] {
  const columns: FitColumn[] = kinds.map((kind) => ({
    min: 0,
    max: 0,
    percent: kind.percent,
    fixed: kind.fixedWidth !== undefined,
  }))
  // The borders a fixed column's width leaves out (its first cell's).
  const borders: (number | undefined)[] = []
  for (const cell of cells) {
    const column = columns[cell.column]
    if (cell.span !== 1 || !column) continue
    // Before its content is measured, a cell is at least its padding and borders.
    column.min = Math.max(column.min, cell.min, cell.frame)
    column.max = Math.max(column.max, cell.max)
    borders[cell.column] ??= cell.borders
  }
  // A fixed column wants its width (with its padding, from the HTML layer,
  // and its cell's borders), and never less than its content's minimum.
  kinds.forEach((kind, i) => {
    const column = columns[i] as FitColumn
    if (kind.fixedWidth !== undefined)
      column.max = Math.max(
        column.min,
        kind.fixedWidth + (kind.withBorders ? 0 : (borders[i] ?? 0))
      )
    else column.max = Math.max(column.max, column.min)
  })
  const spanning = cells
    .filter((cell) => cell.span > 1)
    .sort((a, b) => a.span - b.span)
  for (const cell of spanning) {
    const spanned = columns.slice(cell.column, cell.column + cell.span)
    if (spanned.length === 0) continue
    const gaps = gap * (spanned.length - 1)
    for (const side of ['min', 'max'] as const) {
      const widths = distributeWidth(Math.max(0, cell[side] - gaps), spanned)
      spanned.forEach((column, k) => {
        column[side] = Math.max(column[side], widths[k] as number)
      })
    }
    for (const column of spanned) column.max = Math.max(column.max, column.min)
  }
  return columns
}

/**
 * Keeps on `grid` its columns' kinds and its cells' max-content widths for
 * `fitTableColumns()`, which measures their min-content widths only for a
 * table that turns out narrower than its columns want.
 */
export function keepTableFit(
  grid: LayoutNode,
  spec: string,
  measured: MeasuredCell[] | undefined,
  percentFill = false
) {
  const list = grid.style.gridTemplateColumns as GridTrackList | undefined
  const kinds = parseKinds(spec)
  if (!list || !kinds || list.tracks.some((track) => 'count' in track)) return
  if (kinds.length !== list.tracks.length || kinds.length < 2) return
  const gap =
    typeof grid.style.columnGap === 'number' ? grid.style.columnGap : 0
  const cells = measured ?? unmeasuredCells(grid)
  // Pictor (table-percent-columns-measured): the width its percentage
  // columns ask, from the cells' measured max-content widths.
  if (measured && percentFill) {
    const width = percentFillWidth(grid, kinds, measured, gap)
    if (width !== undefined) grid.style.maxWidth = width
  }
  grid.tableFit = {
    kinds,
    cells,
    columns: measured ? columnConstraints(kinds, cells, gap) : [],
    gap,
    tracks: list.tracks.map((track) => ({ ...(track as GridTrackSize) })),
    fitted: false,
    measured: false,
    measuredMax: measured !== undefined,
  }
}

/**
 * Pictor (table-percent-columns-measured): on a table's grid that the HTML
 * layer made `width: 100%; max-width: <estimate>px` for its percentage
 * columns (core's `percentWidth`, a table without a width of its own).
 */
export const TABLE_PERCENT_FILL_PROP = 'data-pictor-table-percent-fill'

/**
 * Pictor (table-percent-columns-measured): the border-box width a table
 * without a width of its own takes for its percentage columns, as Chromium's
 * auto table layout asks (LayoutNG's `ComputeGridInlineMinMax`): each
 * percentage column its max-content width ÷ its share, the other columns
 * their max-content widths ÷ what the percentages leave, at least all the
 * columns' max-content widths; then the border spacing between and around
 * the columns (the grid's gaps and padding here) and the table's borders on
 * top. The columns' max-content widths are the cells' measured ones (with
 * the fonts they are drawn in): core's estimate was a few px short or over,
 * and left the spacing and borders out, so a 25% column's longest cell
 * wrapped. Undefined when the percentages leave the other columns no room
 * (the container's width then, as the HTML layer set it) or a side is not in
 * px.
 */
export function percentFillWidth(
  grid: LayoutNode,
  kinds: ColumnKind[],
  cells: MeasuredCell[],
  gap: number
): number | undefined {
  const columns = columnConstraints(kinds, cells, gap)
  let total = 0
  let others = 0
  let sum = 0
  let width = 0
  for (const column of columns) {
    sum += column.max
    if (column.percent !== undefined && column.percent > 0) {
      total += column.percent
      width = Math.max(width, (column.max * 100) / column.percent)
    } else others += column.max
  }
  if (total === 0) return undefined
  width = Math.max(width, sum)
  if (others > 0) {
    if (total >= 100) return undefined
    width = Math.max(width, (others * 100) / (100 - total))
  }
  const style = grid.style
  const sides = [
    style.paddingLeft ?? 0,
    style.paddingRight ?? 0,
    style.borderLeftWidth ?? 0,
    style.borderRightWidth ?? 0,
  ]
  if (sides.some((side) => typeof side !== 'number')) return undefined
  const frame =
    style.boxSizing === 'content-box'
      ? 0
      : (sides as number[]).reduce((a, b) => a + b, 0)
  return width + gap * (columns.length - 1) + frame
}

/** A table's cells that name their column, not measured yet. */
function unmeasuredCells(grid: LayoutNode): MeasuredCell[] {
  const cells: MeasuredCell[] = []
  for (const item of gridItems(grid)) {
    const column = item.tableColumn
    if (column === undefined || item.style.display === 'none') continue
    const span = item.tableColumnSpan ?? 1
    cells.push({ node: item, column, span, min: 0, max: 0, borders: 0, frame: 0 })
  }
  return cells
}

/**
 * Measures the min-content widths of a table's cells (and their max-content
 * ones if not yet), then its constraints again. The cells' boxes are laid out
 * anew for it, then given back their layout (the text of a box is flowed
 * again at its width when drawn).
 */
function measureMin(fit: TableFit, computeLayout: Layout) {
  const saved = new Map<LayoutNode, LayoutNode['layout']>()
  const save = (node: LayoutNode) => {
    saved.set(node, node.layout)
    for (const child of node.children) save(child)
  }
  for (const cell of fit.cells) {
    save(cell.node)
    if (!fit.measuredMax) {
      inLayoutUnits(() => computeLayout(cell.node, { exact: true }))
      const { border, padding } = cell.node.layout
      cell.max = cellBox(cell.node)
      cell.borders = cell.node.tableColumnBorders ?? border.left + border.right
      cell.frame = cell.borders + padding.left + padding.right
    }
    inLayoutUnits(() =>
      computeLayout(cell.node, { width: 'min-content', exact: true })
    )
    cell.min = Math.min(cellBox(cell.node), cell.max)
  }
  for (const [node, layout] of saved) node.layout = layout
  fit.columns = columnConstraints(fit.kinds, fit.cells, fit.gap)
  fit.measured = true
  fit.measuredMax = true
}

/**
 * Whether a table whose cells are not measured yet may be narrower than its
 * columns want and laid out otherwise than by Chromium: a shrink-to-fit table
 * of two auto or percentage columns or more is, only when its container's
 * width holds it in (as wide as the container's content box, less its
 * margins).
 */
function mayBeNarrow(grid: LayoutNode, fit: TableFit) {
  const parent = grid.parent
  if (!parent) return false
  // With one auto column at most, no percentage, and room for the fixed
  // ones: the grid gives them their widths and the auto one the rest, as
  // Chromium does.
  const autos = fit.kinds.filter((k) => k.fixedWidth === undefined).length
  const fixed = fit.kinds.reduce((sum, k) => sum + (k.fixedWidth ?? 0), 0)
  const room = grid.contentWidth - fit.gap * (fit.kinds.length - 1)
  if (
    autos <= 1 &&
    fit.kinds.every((k) => k.percent === undefined) &&
    fixed + fit.kinds.length < room
  )
    return false
  const { width, margin } = grid.layout
  return width + margin.left + margin.right >= parent.contentWidth - 0.5
}

/**
 * Whether `widths` puts each column's edges on the pixels the grid put them:
 * the cells of single columns, with their margins, show where it did.
 */
function sameEdges(grid: LayoutNode, fit: TableFit, widths: number[]) {
  const { padding, border } = grid.layout
  let start = padding.left + border.left
  const starts = widths.map((width) => {
    const at = start
    start += width + fit.gap
    return at
  })
  const seen = new Set<number>()
  for (const { node, column, span } of fit.cells) {
    if (span !== 1 || seen.has(column)) continue
    seen.add(column)
    const { left, width, margin } = node.layout
    const at = starts[column] as number
    if (Math.round(left - margin.left) !== Math.round(at)) return false
    const end = left + width + margin.right
    if (Math.round(end) !== Math.round(at + (widths[column] as number)))
      return false
  }
  return seen.size === widths.length
}

/** A percentage column's width in a table of `target`: never under its minimum. */
function percentWidth(column: FitColumn, target: number) {
  return Math.max(column.min, ((column.percent as number) * target) / 100)
}

/**
 * The widths Chromium's auto table layout gives `columns` in `target` px
 * (css-tables-3 width distribution): the guesses min, percentage, specified
 * and max bracket the target, and the columns that grow between the two
 * around it grow in proportion to how much they grow from one to the other
 * (equally when none does). Above the max guess, auto columns grow in
 * proportion to their max (then fixed ones, then percentage ones).
 */
export function distributeWidth(target: number, columns: FitColumn[]): number[] {
  const kind = (c: FitColumn) =>
    c.percent !== undefined ? 'percent' : c.fixed ? 'fixed' : 'auto'
  const guesses = [0, 0, 0, 0]
  const increases = [0, 0, 0, 0]
  for (const c of columns) {
    const k = kind(c)
    if (k === 'percent') {
      const p = percentWidth(c, target)
      guesses[0] += c.min
      guesses[1] += p
      guesses[2] += p
      guesses[3] += p
      increases[1] += p - c.min
    } else if (k === 'fixed') {
      guesses[0] += c.min
      guesses[1] += c.min
      guesses[2] += c.max
      guesses[3] += c.max
      increases[2] += c.max - c.min
    } else {
      guesses[0] += c.min
      guesses[1] += c.min
      guesses[2] += c.min
      guesses[3] += c.max
      increases[3] += c.max - c.min
    }
  }
  target = Math.max(target, guesses[0] as number)
  const start = guesses.findIndex((guess) => guess >= target)
  if (start === 0) return columns.map((c) => c.min)
  if (start > 0) {
    // Between the guess before `start` and `start`: the columns of that
    // stage's kind grow from their size in the one to their size in the other.
    const grows = (['percent', 'fixed', 'auto'] as const)[start - 1]
    const from = (c: FitColumn) => {
      const k = kind(c)
      if (k === 'percent') return start >= 2 ? percentWidth(c, target) : c.min
      if (k === 'fixed') return start >= 3 ? c.max : c.min
      return c.min
    }
    const to = (c: FitColumn) =>
      kind(c) === 'percent' ? percentWidth(c, target) : c.max
    const distributable = target - (guesses[start - 1] as number)
    const total = increases[start] as number
    const count = columns.filter((c) => kind(c) === grows).length
    return columns.map((c) => {
      if (kind(c) !== grows) return from(c)
      const increase = to(c) - c.min
      const delta =
        total > 0 ? (distributable * increase) / total : distributable / count
      return c.min + delta
    })
  }
  // Above the max guess.
  const extra = target - (guesses[3] as number)
  const autos = columns.filter((c) => kind(c) === 'auto')
  const fixeds = columns.filter((c) => kind(c) === 'fixed')
  const grows = autos.length > 0 ? autos : fixeds
  if (grows.length > 0) {
    const total = grows.reduce((sum, c) => sum + c.max, 0)
    return columns.map((c) => {
      if (kind(c) === 'percent') return percentWidth(c, target)
      if (!grows.includes(c)) return c.max
      return c.max + (total > 0 ? (extra * c.max) / total : extra / grows.length)
    })
  }
  const percents = columns.reduce((sum, c) => sum + (c.percent ?? 0), 0)
  return columns.map((c) =>
    percents > 0
      ? ((c.percent ?? 0) / percents) * target
      : target / columns.length
  )
}

/** The tables of a laid-out tree with kept constraints, outer ones first. */
function* fitTables(node: LayoutNode): Generator<LayoutNode> {
  if (node.tableFit) yield node
  for (const child of node.children) yield* fitTables(child)
}

/** The width the columns of a table of `target` want together. */
function wanted(columns: FitColumn[], target: number) {
  return columns.reduce(
    (sum, c) => sum + (c.percent !== undefined ? percentWidth(c, target) : c.max),
    0
  )
}

/**
 * Once the tree is laid out: sets the tracks of each table narrower than its
 * columns want to the widths Chromium gives them (its cells' min-content
 * widths measured first) unless the grid put their edges on the same pixels,
 * or gives a table back its own tracks when it is no longer narrower. True
 * when a track changed, and the tree must be laid out again.
 */
export function fitTableColumns(root: LayoutNode, computeLayout: Layout): boolean {
  let changed = false
  // Which tables are narrow is read off the layout before any cell is
  // measured (measuring lays cells out anew).
  const narrow: { grid: LayoutNode; fit: TableFit; target: number }[] = []
  for (const grid of fitTables(root)) {
    const fit = grid.tableFit as TableFit
    if (!fit.measuredMax && !mayBeNarrow(grid, fit)) continue
    const target = grid.contentWidth - fit.gap * (fit.kinds.length - 1)
    if (!fit.measuredMax) {
      narrow.push({ grid, fit, target })
      continue
    }
    // At least as wide as its columns want: the grid shares it as Chromium.
    if (target >= wanted(fit.columns, target) - 1 / 64) {
      if (fit.fitted) {
        const list = grid.style.gridTemplateColumns as GridTrackList
        list.tracks = fit.tracks.map((track) => ({ ...track }))
        fit.fitted = false
        changed = true
      }
      continue
    }
    narrow.push({ grid, fit, target })
  }
  // E-mail layouts are often one auto column between fixed ones (gutters):
  // where the grid gave the fixed ones their widths, Chromium gives the auto
  // column the rest whatever its minimum, so it need not be measured.
  const unaffected = ({ grid, fit, target }: (typeof narrow)[number]) =>
    fit.measuredMax &&
    !fit.fitted &&
    fit.columns.every((c) => c.percent === undefined) &&
    fit.columns.filter((c) => !c.fixed).length <= 1 &&
    sameEdges(grid, fit, distributeWidth(target, fit.columns))
  for (let i = narrow.length - 1; i >= 0; i--)
    if (!narrow[i]!.fit.measured && unaffected(narrow[i]!)) narrow.splice(i, 1)
  for (const { fit } of narrow) if (!fit.measured) measureMin(fit, computeLayout)
  for (const { grid, fit, target } of narrow) {
    // Measured only now: it may want no more than it has.
    if (target >= wanted(fit.columns, target) - 1 / 64) continue
    const list = grid.style.gridTemplateColumns as GridTrackList
    const widths = distributeWidth(target, fit.columns)
    // The grid's own sharing already on Chromium's pixels: nothing to redo.
    if (!fit.fitted && sameEdges(grid, fit, widths)) continue
    widths.forEach((width, i) => {
      const px = Math.round(width * 64) / 64
      const track = list.tracks[i] as GridTrackSize
      if (fit.fitted && track.min === px && track.max === px) return
      list.tracks[i] = { min: px, max: px }
      changed = true
    })
    fit.fitted = true
  }
  return changed
}
