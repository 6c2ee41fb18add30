/**
 * Pictor (multi-column): where a flow laid out at the column width may break, and its columns: balanced as
 * Chromium's column balancer does, or filled one after the other. See `pictor-multicol.ts`.
 */
import type { LayoutNode } from './layout-engine/index.js'
import { columnEnd, type Paragraph } from './pictor-multicol-lines.js'
import { MAX_COLUMNS, type MultiColumnSpec } from './pictor-multicol-style.js'

/** A place where a column may end (`end`) and the next one start (`next`), in the flow's coordinates. */
export interface BreakPoint {
  end: number
  next: number
  /** A forced break (`break-before`/`break-after: column`): the column ends here. */
  forced?: boolean
  /** A break between lines: its paragraph and the lines before it. */
  lines?: { paragraph: Paragraph; before: number }
}

/** A column: the slice of the flow it shows. */
export interface ColumnSlice {
  start: number
  end: number
}

/** Chromium's `orphans` and `widows`: the lines a paragraph keeps at least before and after a break. */
const ORPHANS = 2
const WIDOWS = 2

/** The `orphans` and `widows` of the paragraph `node`: its block container's, or the nearest ancestor's with them. */
function linesKept(node: LayoutNode): { orphans: number; widows: number } {
  let orphans: number | undefined
  let widows: number | undefined
  for (let box = node.parent; box && (orphans === undefined || widows === undefined); box = box.parent) {
    orphans ??= box.orphans
    widows ??= box.widows
  }
  return { orphans: orphans ?? ORPHANS, widows: widows ?? WIDOWS }
}

/** The in-flow boxes of a block container (floats and absolutely positioned boxes left out; `contents` opened). */
export function inFlowChildren(node: LayoutNode): LayoutNode[] {
  const kids: LayoutNode[] = []
  for (const child of node.children) {
    if (child.style.display === 'none') continue
    if (child.style.display === 'contents') kids.push(...inFlowChildren(child))
    else if (child.style.position === 'absolute' || child.style.float) continue
    else kids.push(child)
  }
  return kids
}

/**
 * Where the flow laid out in `root` may break: between in-flow block-level siblings (the margins at the break
 * truncated), between the lines of paragraphs (which of them keep `orphans` and `widows` is the column's to weigh:
 * `pictor-multicol-lines.ts`), inside block containers that do not avoid it. `kept` collects the boxes kept whole that Chromium may break (flex and grid containers, tables).
 */
export function breakPoints(root: LayoutNode, kept?: LayoutNode[]): BreakPoint[] {
  const points: BreakPoint[] = []
  const visit = (node: LayoutNode, top: number) => {
    const kids = inFlowChildren(node)
    kids.forEach((child, index) => {
      const childTop = top + child.layout.top
      if (index > 0) {
        const before = kids[index - 1]
        const end = top + before.layout.top + before.layout.height
        // At a forced break the margins stay (Chromium's column holds the margin before it).
        points.push(
          before.forcedBreakAfter || child.forcedBreakBefore
            ? {
                end: end + before.layout.margin.bottom,
                next: childTop - child.layout.margin.top,
                forced: true,
              }
            : { end, next: childTop }
        )
      }
      if (child.avoidBreakInside) return
      if (child.lineEnds && child.measure) {
        // Pictor (column-lines-at-exact-width): broken in the width the text had before its box was rounded up (a
        // column of 186.5 px holds the lines Chromium breaks in 186.5 px, not in 187).
        const exact = child.exactWidth
        const width = child.layout.width
        const ends = child.lineEnds(exact !== undefined && exact <= width && width - exact < 1 ? exact : width)
        // Pictor (multicol-widows): every break between lines, the paragraph's orphans and widows weighed where a
        // column ends (Chromium gives them up when a paragraph cannot keep both).
        const paragraph: Paragraph = { ends: ends.map((end) => childTop + end), ...linesKept(child), points: [] }
        for (let line = 1; line < ends.length; line++) {
          const y = childTop + ends[line - 1]
          const point = { end: y, next: y, lines: { paragraph, before: line } }
          paragraph.points.push(point)
          points.push(point)
        }
        return
      }
      const display = child.style.display
      if (child.children.length === 0) return
      if (display === 'block' || display === 'flow-root' || display === undefined) visit(child, childTop)
      else kept?.push(child)
    })
  }
  visit(root, 0)
  return points.sort((a, b) => a.end - b.end || a.next - b.next)
}

export const EPSILON = 1 / 128

/** Columns filled at one height: where each ends, whether every break is a good one, the least shortage. */
export interface Filled {
  columns: ColumnSlice[]
  perfect: boolean
  shortage?: number
}

/**
 * Fills columns of height `height` from the top of the flow (`total` tall), each up to where Chromium ends it
 * (`columnEnd`), at most `limit` columns; undefined when the flow does not fit them.
 */
export function fillColumns(total: number, points: BreakPoint[], height: number, limit: number): Filled | undefined {
  const columns: ColumnSlice[] = []
  const forcedPoints = points.filter((point) => point.forced)
  const usable = (point: BreakPoint, start: number) => point.end > start + EPSILON && point.next > start + EPSILON
  let start = 0
  let from: BreakPoint | undefined
  let forcedIndex = 0
  let perfect = true
  let shortage: number | undefined
  for (;;) {
    while (forcedIndex < forcedPoints.length && !usable(forcedPoints[forcedIndex], start)) forcedIndex++
    const forced = forcedPoints[forcedIndex]
    if (!forced && total - start <= height + EPSILON) {
      columns.push({ start, end: Math.max(start, total) })
      return { columns, perfect, shortage }
    }
    if (columns.length + 1 >= limit || columns.length >= MAX_COLUMNS) return undefined
    let chosen: BreakPoint | undefined = forced && forced.end <= start + height + EPSILON ? forced : undefined
    if (!chosen) {
      const end = columnEnd(points, from, start, start + height, total)
      chosen = end.point
      perfect &&= end.perfect
      if (end.shortage !== undefined && end.shortage > EPSILON) shortage = Math.min(shortage ?? Infinity, end.shortage)
    }
    if (!chosen) return undefined
    columns.push({ start, end: chosen.end })
    start = chosen.next
    from = chosen
  }
}

/**
 * The columns of a flow `total` tall whose content ends at `contentEnd` (the last box's margin left out: it is
 * truncated at a column's end): balanced as Chromium's column balancer does, from an even share of the flow
 * (`total / count`) up to the least height at which the content fits `count` columns (to 1/64 px); or filled one after
 * the other at `fixed` height (`column-fill: auto`, or content that does not fit balanced in a box of fixed height:
 * the rest goes to overflow columns, as in Chromium).
 */
export function layOutColumns(
  total: number,
  contentEnd: number,
  points: BreakPoint[],
  count: number,
  fill: MultiColumnSpec['fill'],
  fixed?: number
): { height: number; columns: ColumnSlice[] } {
  const end = Math.min(total, contentEnd)
  const sequential = (height: number) => ({
    height,
    columns: fillColumns(end, points, Math.max(height, EPSILON), Infinity)?.columns ?? [{ start: 0, end }],
  })
  if (fixed !== undefined && fill === 'auto') return sequential(fixed)
  if (total <= 0 || count <= 1) {
    if (fixed !== undefined && end > fixed && count > 1) return sequential(fixed)
    return { height: Math.max(0, total), columns: [{ start: 0, end: Math.max(0, end) }] }
  }
  const share = Math.ceil((total / count) * 64) / 64
  let height = share
  if (!fillColumns(end, points, share, count)) {
    let low = share
    let high = Math.max(share, Math.ceil(end * 64) / 64)
    while (high - low > 1 / 64) {
      const middle = Math.round(((low + high) / 2) * 64) / 64
      if (fillColumns(end, points, middle, count)) high = middle
      else low = middle
    }
    height = high
  }
  if (fixed !== undefined && height > fixed + EPSILON) return sequential(fixed)
  // More forced breaks than columns: the rest in overflow columns.
  let filled = fillColumns(end, points, height, count) ?? fillColumns(end, points, height, Infinity)
  // Pictor (multicol-widows): a break that keeps too few lines before it makes Chromium's balancer stretch the
  // columns by the least shortage, again while one is left (a lone three-line paragraph in three columns: 2 | 1).
  const stretching = filled !== undefined && !filled.perfect
  for (let tries = 0; stretching && filled && (!filled.perfect || filled.columns.length > count); tries++) {
    if (filled.shortage === undefined || tries >= 64) break
    const taller = Math.ceil((height + filled.shortage) * 64) / 64
    if (fixed !== undefined && taller > fixed + EPSILON) break
    const next = fillColumns(end, points, taller, Infinity)
    if (!next) break
    height = taller
    filled = next
  }
  return { height, columns: filled?.columns ?? [{ start: 0, end }] }
}

/** Where the content of a flow ends: the bottom of its last in-flow box, its margin left out. */
export function contentEndOf(root: LayoutNode): number {
  const kids = inFlowChildren(root)
  const last = kids[kids.length - 1]
  return last ? last.layout.top + last.layout.height : root.layout.height
}
