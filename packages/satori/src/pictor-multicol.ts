/**
 * Pictor (multi-column): CSS multi-column layout of a block container (`columns`, `column-count`, `column-width`,
 * `column-gap`, `column-rule`, `column-fill`, `column-span: all`, `break-inside: avoid`), as Chromium draws it on
 * screen. The layout engine has no fragmentation, so the content is laid out once as one flow of the column width
 * (a tree of its own, beside the page's), and the element holds a measured leaf per run of columns: the leaf finds
 * where the flow may break (between in-flow blocks, between lines, keeping `orphans` and `widows`, never inside a
 * box with `break-inside: avoid`; `pictor-multicol-breaks.ts`), balances the columns (as Chromium's balancer does),
 * and is as tall as they are. The flow is then painted once per column, moved into it and clipped
 * to its slice: a box broken between columns looks as Chromium slices it (`box-decoration-break: slice`).
 * A child with `column-span: all` ends the run of columns before it and is laid out across the element.
 */
import type { LayoutNode } from './layout-engine/index.js'
import { LayoutNode as Node, roundPlacedTree } from './layout-engine/index.js'
import { buildXMLString } from './utils.js'
import { openDashArray } from './builder/border.js'
import {
  breakPoints,
  type BreakPoint,
  type ColumnSlice,
  contentEndOf,
  EPSILON,
  inFlowChildren,
  layOutColumns,
} from './pictor-multicol-breaks.js'
import { columnBox, MAX_COLUMNS, type MultiColumnSpec } from './pictor-multicol-style.js'

export {
  avoidsBreakInside,
  forcedBreak,
  hasNestedSpanner,
  isSpanner,
  lineCount,
  multiColumnOf,
} from './pictor-multicol-style.js'

/** A run of columns: its flow (laid out at the column width, off the page's tree) and the leaf that holds it. */
export interface ColumnRun {
  flow: LayoutNode
  leaf: LayoutNode
}

type Layout = (root: LayoutNode, options: { width?: number | 'min-content'; exact?: boolean }) => void

/**
 * The multi-column box of one element: its runs of columns, split by spanning children, each measured and painted
 * here.
 */
export class MultiColumn {
  readonly runs: ColumnRun[] = []
  /** Boxes kept in one column that Chromium may break between columns (for the warning). */
  private warned = false

  constructor(
    readonly node: LayoutNode,
    readonly spec: MultiColumnSpec,
    private readonly computeLayout: Layout,
    private readonly fixedHeight: number | undefined,
    private readonly onStyleError?: (error: Error) => void,
    private readonly pointScaleFactor = 1
  ) {
    this.addRun()
  }

  /** A new run of columns (after a spanning child), its leaf appended to the element. */
  addRun(): ColumnRun {
    const flow = new Node({ display: 'flow-root' })
    // The flow's paragraphs keep the element's `orphans` and `widows`.
    flow.orphans = this.node.orphans
    flow.widows = this.node.widows
    const leaf = new Node({ display: 'block' })
    leaf.measure = (width, _height, _exclusions, _minContent, widthKnown) =>
      this.measure(run, width, widthKnown !== false)
    const run = { flow, leaf }
    this.node.insertChild(leaf)
    this.runs.push(run)
    return run
  }

  get current(): ColumnRun {
    return this.runs[this.runs.length - 1]
  }

  private measured = new Map<ColumnRun, Map<number, { width: number; height: number }>>()

  private measure(run: ColumnRun, width: number, widthKnown = true): { width: number; height: number } {
    // A shrink-to-fit box (a float) is as wide as its columns' max-content width, at most the space it has.
    if (!widthKnown && Number.isFinite(width) && width > 0) {
      const fit = Math.min(width, this.measure(run, Infinity).width)
      return this.measure(run, fit)
    }
    let sizes = this.measured.get(run)
    if (!sizes) this.measured.set(run, (sizes = new Map()))
    const known = sizes.get(width)
    if (known) return known
    let size: { width: number; height: number }
    if (!Number.isFinite(width) || width <= 0) {
      // Intrinsic sizes, as Chromium's: the max-content width is the columns' (each at least its `column-width`)
      // side by side with the gaps between.
      run.flow.style.width = undefined
      const minContent = width <= 0
      this.computeLayout(run.flow, { width: minContent ? 'min-content' : undefined })
      let count = Math.min(this.spec.count ?? 1, MAX_COLUMNS)
      let columnWidth = Math.max(run.flow.layout.width, this.spec.width ?? 0)
      if (minContent) {
        // Pictor (multicol-min-content): the min-content width is Chromium's too: with `column-count` alone, that
        // many columns of the content's min-content width and the gaps between (a `column-count: 3` box in a `1fr`
        // grid track or a flex item keeps its three columns); with a `column-width`, one column, the narrower of
        // that width and the content's min-content width. It was one column at least `column-width` wide.
        if (this.spec.width !== undefined) {
          count = 1
          columnWidth = Math.min(run.flow.layout.width, this.spec.width)
        } else {
          columnWidth = run.flow.layout.width
        }
      }
      size = {
        width: count * columnWidth + (count - 1) * this.spec.gap,
        height: run.flow.layout.height,
      }
    } else {
      const { height } = this.columns(run, width)
      size = { width, height: this.fixedHeight ?? height }
    }
    sizes.set(width, size)
    return size
  }

  /**
   * The run's flow laid out at the column width of a box `width` wide, and its columns. With `origin`, the fraction
   * of a pixel the leaf was moved by when rounded: the flow is rounded on the page's pixels from there.
   */
  columns(run: ColumnRun, width: number, origin?: { left: number; top: number }) {
    const box = columnBox(this.spec, width)
    run.flow.style.width = box.width
    if (origin) {
      // Pictor (multicol-exact-origin): laid out unrounded, then rounded where it is on the page, as Chromium snaps
      // each edge; rounded from its own origin, content 22.68 px into a leaf at 226.77 px was drawn at 250, not 249.
      this.computeLayout(run.flow, { width: box.width, exact: true })
      run.flow.layout.left = origin.left
      run.flow.layout.top = origin.top
      roundPlacedTree(run.flow, this.pointScaleFactor)
    } else {
      this.computeLayout(run.flow, { width: box.width })
    }
    const kept: LayoutNode[] = []
    const points = breakPoints(run.flow, kept)
    const fixed = this.runs.length === 1 ? this.fixedHeight : undefined
    const total = run.flow.layout.height
    const contentEnd = contentEndOf(run.flow)
    const result = layOutColumns(total, contentEnd, points, box.count, this.spec.fill, fixed)
    if (kept.length && !this.warned && box.count > 1) {
      // Chromium also breaks inside flex and grid containers and tables; where that would move a break, say so.
      const finer = breakPoints(run.flow)
      for (const box of kept) this.addInnerPoints(box, finer, run.flow)
      finer.sort((a, b) => a.end - b.end || a.next - b.next)
      const alternative = layOutColumns(total, contentEnd, finer, box.count, this.spec.fill, fixed)
      if (Math.abs(alternative.height - result.height) > 0.5) {
        this.warned = true
        this.onStyleError?.(
          new Error(
            'breaks inside a flex or grid container or a table in a multi-column box (it is kept in one column; Chromium may break it between columns)'
          )
        )
      }
    }
    return { ...box, ...result }
  }

  private addInnerPoints(box: LayoutNode, points: BreakPoint[], flow: LayoutNode) {
    let top = 0
    for (let node: LayoutNode | null = box; node && node !== flow; node = node.parent)
      top += node.layout.top
    const kids = inFlowChildren(box)
      .map((kid) => ({ top: top + kid.layout.top, bottom: top + kid.layout.top + kid.layout.height }))
      .sort((a, b) => a.top - b.top)
    for (let i = 1; i < kids.length; i++) {
      const end = Math.max(...kids.slice(0, i).map((kid) => kid.bottom))
      if (end <= kids[i].top + EPSILON) points.push({ end, next: kids[i].top })
    }
  }

  /** The run being painted: where its flow is and its columns, to place what it reports. */
  private placed?: {
    run: ColumnRun
    x: number
    y: number
    width: number
    height: number
    columns: ColumnSlice[]
  }

  /**
   * Lays a run out at its final width before its flow is painted; `(x, y)` is the leaf's top left corner. Where to
   * paint the flow: there, or a pixel off where its exact origin rounds so (multicol-exact-origin).
   */
  place(run: ColumnRun | undefined, x = 0, y = 0): [number, number] {
    if (!run) {
      this.placed = undefined
      return [x, y]
    }
    // Pictor (column-lines-at-exact-width): the columns of the width the box had before it was rounded (405.6 px
    // makes columns of 186.8, as in Chromium; rounded to 406, of 187: lines that wrap there did not).
    const { exactWidth, layout } = run.leaf
    const { width, columns, height } = this.columns(
      run,
      exactWidth !== undefined && exactWidth <= layout.width && layout.width - exactWidth < 1
        ? exactWidth
        : layout.width,
      run.leaf.roundedBy ?? { left: 0, top: 0 }
    )
    const at: [number, number] = [x + run.flow.layout.left, y + run.flow.layout.top]
    this.placed = { run, x: at[0], y: at[1], width, height, columns }
    return at
  }

  /** A box of the flow being painted as it is drawn: moved into the column its top is in. */
  moved<T extends { left: number; top: number }>(box: T): T {
    const placed = this.placed
    if (!placed) return box
    const top = box.top - placed.y
    let index = placed.columns.findIndex((column) => top < column.end - EPSILON)
    if (index === -1) index = placed.columns.length - 1
    const column = placed.columns[index]
    return {
      ...box,
      left: box.left + index * (placed.width + this.spec.gap),
      top: box.top - column.start,
    }
  }

  /**
   * Paints the placed run: `content` is its flow painted where `place()` put it. Each column shows its slice of
   * it, moved into place; rules are drawn between columns that have content.
   */
  paintRun(content: string, id: string): string {
    const placed = this.placed
    if (!placed) return content
    const { run, x, y, width, columns, height } = placed
    const { gap } = this.spec
    const far = 1e6
    let svg = ''
    columns.forEach((column, index) => {
      const clipId = `satori_mc-${id}-${this.runs.indexOf(run)}-${index}`
      const top = index === 0 ? -far : y + column.start
      const bottom = index === columns.length - 1 ? far : y + column.end
      const clip = buildXMLString(
        'clipPath',
        { id: clipId },
        buildXMLString('rect', { x: -far, y: top, width: 2 * far, height: bottom - top })
      )
      const dx = index * (width + gap)
      const dy = -column.start
      const slice = buildXMLString('g', { 'clip-path': `url(#${clipId})` }, content)
      svg +=
        dx === 0 && dy === 0
          ? clip + slice
          : buildXMLString('g', { transform: `translate(${dx},${dy})` }, clip + slice)
    })
    const rule = this.spec.rule
    if (rule) {
      for (let index = 1; index < columns.length; index++) {
        const center = x + index * (width + gap) - gap / 2
        svg += ruleSVG(rule, center, y, height)
      }
    }
    this.placed = undefined
    return svg
  }
}

/** A column rule centred on `center`, from `top`, `height` tall. */
function ruleSVG(rule: NonNullable<MultiColumnSpec['rule']>, center: number, top: number, height: number): string {
  const { width, color } = rule
  const left = Math.round(center - width / 2)
  if (rule.style === 'dashed' || rule.style === 'dotted') {
    return buildXMLString('line', {
      x1: left + width / 2,
      y1: top,
      x2: left + width / 2,
      y2: top + height,
      stroke: color,
      'stroke-width': width,
      // Pictor (column-rule-dashes): Chrome's dashes, as a border side's,
      // with a dash at each end.
      'stroke-dasharray': rule.style === 'dotted' ? `${width} ${width}` : openDashArray(height, width),
    })
  }
  if (rule.style === 'double' && width >= 3) {
    const line = Math.round(width / 3)
    return (
      buildXMLString('rect', { x: left, y: top, width: line, height, fill: color }) +
      buildXMLString('rect', { x: left + width - line, y: top, width: line, height, fill: color })
    )
  }
  return buildXMLString('rect', { x: left, y: top, width, height, fill: color })
}
