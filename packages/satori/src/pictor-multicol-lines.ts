/**
 * Pictor (multicol-widows): where a column ends when it would end inside a paragraph, as Chromium's block
 * fragmentation picks it (`BlockLayoutAlgorithm::BreakBeforeChildIfNeeded` and `FinalizeForFragmentation`). A break
 * between lines keeps `orphans` lines before it (`max(orphans, widows)` when the paragraph came from the previous
 * column) and `widows` after it where it can; when the column has room for enough lines before the break but too few
 * are left after it, Chromium breaks earlier, at `max(lines - widows, min(lines, orphans))` of the lines left, and
 * counts that break as a good one even when it leaves fewer than `widows` (a lone three-line paragraph in two columns
 * breaks 2 | 1). Only when too few lines fit before the break is it a bad one: an earlier good break in the column is
 * taken instead, else the bad one, and the balancer then stretches the columns (`pictor-multicol-breaks.ts`).
 */
import type { BreakPoint } from './pictor-multicol-breaks.js'

/** A paragraph of the flow: the bottom of each of its lines in the flow, and its `orphans` and `widows`. */
export interface Paragraph {
  ends: number[]
  orphans: number
  widows: number
  /** Its break points between lines: `points[i - 1]` has `i` lines before it. */
  points: BreakPoint[]
}

/** Where a column ends: the break point (undefined: nowhere), whether Chromium counts it good, and by how much the
 * first piece that did not fit overflowed the column (undefined when all the rest fits). */
export interface ColumnEnd {
  point?: BreakPoint
  perfect: boolean
  shortage?: number
}

const EPSILON = 1 / 128

/** The lines of paragraph `paragraph` already shown in earlier columns, for a column that starts at `from`. */
function linesBefore(paragraph: Paragraph, from: BreakPoint | undefined): number {
  return from?.lines?.paragraph === paragraph ? from.lines.before : 0
}

/** Whether breaking at `point` keeps its paragraph's orphans and widows (a break between blocks always does). */
function isGood(point: BreakPoint, from: BreakPoint | undefined): boolean {
  const lines = point.lines
  if (!lines) return true
  const { paragraph, before } = lines
  return before - linesBefore(paragraph, from) >= paragraph.orphans && paragraph.ends.length - before >= paragraph.widows
}

/**
 * Where a column from `start` (its first break point `from`; undefined at the flow's top) to `limit` ends, among
 * `points` sorted by their end; `total` is where the flow's content ends.
 */
export function columnEnd(
  points: BreakPoint[],
  from: BreakPoint | undefined,
  start: number,
  limit: number,
  total: number
): ColumnEnd {
  const usable = (point: BreakPoint) => point.end > start + EPSILON && point.next > start + EPSILON
  let low = 0
  let high = points.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (points[middle].end > limit + EPSILON) high = middle
    else low = middle + 1
  }
  const over = points[low]
  let lastFit: BreakPoint | undefined
  for (let i = low - 1; i >= 0 && points[i].end > start + EPSILON; i--) {
    if (usable(points[i])) {
      lastFit = points[i]
      break
    }
  }
  // The paragraph whose line does not fit, if the piece that overflows is a line.
  let paragraph = over?.lines?.paragraph
  const fitParagraph = lastFit?.lines?.paragraph
  if (!paragraph && fitParagraph && fitParagraph.ends[fitParagraph.ends.length - 1] > limit + EPSILON)
    paragraph = fitParagraph
  const latestGood = (): BreakPoint | undefined => {
    for (let i = low - 1; i >= 0 && points[i].end > start + EPSILON; i--) {
      const point = points[i]
      if (usable(point) && (!paragraph || point.lines?.paragraph !== paragraph) && isGood(point, from)) return point
    }
    return undefined
  }
  if (paragraph) {
    const shown = linesBefore(paragraph, from)
    const count = paragraph.ends.length
    let fit = 0
    while (shown + fit < count && paragraph.ends[shown + fit] <= limit + EPSILON) fit++
    if (fit > 0) {
      const shortage = paragraph.ends[shown + fit] - limit
      const left = count - shown
      const { orphans, widows } = paragraph
      const need = shown === 0 ? orphans : Math.max(orphans, widows)
      if (fit >= need) {
        const lines = left - fit >= widows ? fit : Math.max(left - widows, Math.min(left, orphans))
        return { point: paragraph.points[shown + lines - 1], perfect: true, shortage }
      }
      const good = latestGood()
      if (good) return { point: good, perfect: true, shortage }
      return { point: paragraph.points[shown + fit - 1], perfect: false, shortage }
    }
  }
  const shortage = (over ? over.end : total) - limit
  const good = latestGood()
  if (good) return { point: good, perfect: true, shortage }
  return { point: lastFit, perfect: false, shortage }
}
