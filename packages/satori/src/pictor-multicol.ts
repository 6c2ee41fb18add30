/**
 * Pictor (multi-column): CSS multi-column layout of a block container (`columns`, `column-count`, `column-width`,
 * `column-gap`, `column-rule`, `column-fill`, `column-span: all`, `break-inside: avoid`), as Chromium draws it on
 * screen. The layout engine has no fragmentation, so the content is laid out once as one flow of the column width
 * (a tree of its own, beside the page's), and the element holds a measured leaf per run of columns: the leaf finds
 * where the flow may break (between in-flow blocks, between lines, orphans and widows 2, never inside a box with
 * `break-inside: avoid`), balances the columns (the least height at which the flow fits the columns, as Chromium's
 * balancer ends), and is as tall as they are. The flow is then painted once per column, moved into it and clipped
 * to its slice: a box broken between columns looks as Chromium slices it (`box-decoration-break: slice`).
 * A child with `column-span: all` ends the run of columns before it and is laid out across the element.
 */
import type { LayoutNode } from './layout-engine/index.js'
import { LayoutNode as Node } from './layout-engine/index.js'
import type { SerializedStyle } from './handler/expand.js'
import { buildXMLString, isReactElement, lengthToNumber } from './utils.js'

/** What the element's multi-column properties ask for. */
export interface MultiColumnSpec {
  /** `column-count`, or undefined for `auto`. */
  count?: number
  /** `column-width` in px, or undefined for `auto`. */
  width?: number
  gap: number
  fill: 'balance' | 'auto'
  rule?: { width: number; style: string; color: string }
}

/** A place where a column may end (`end`) and the next one start (`next`), in the flow's coordinates. */
export interface BreakPoint {
  end: number
  next: number
  /** A forced break (`break-before`/`break-after: column`): the column ends here. */
  forced?: boolean
}

/** A column: the slice of the flow it shows. */
export interface ColumnSlice {
  start: number
  end: number
}

/** The most columns a run is laid out in (`column-count: 100000`, a fixed height of a pixel): the rest overflows. */
const MAX_COLUMNS = 1000

const RULE_WIDTHS: Record<string, number> = { thin: 1, medium: 3, thick: 5 }
const RULE_STYLES = new Set([
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
])

function length(value: unknown, style: SerializedStyle): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return undefined
  return lengthToNumber(value.trim(), style.fontSize as number, 0, style as any)
}

/** The rule's width, style and colour from `column-rule` and its longhands, or undefined when none is drawn. */
function ruleOf(style: SerializedStyle): MultiColumnSpec['rule'] {
  let width: number | undefined
  let ruleStyle: string | undefined
  let color: string | undefined
  const shorthand = style.columnRule
  if (shorthand !== undefined) {
    const parts = String(shorthand).match(/(?:[a-z-]+\([^)]*\)|[^\s]+)/gi) ?? []
    for (const part of parts) {
      const lower = part.toLowerCase()
      if (RULE_STYLES.has(lower)) ruleStyle = lower
      else if (lower in RULE_WIDTHS) width = RULE_WIDTHS[lower]
      else if (/^[\d.]/.test(lower) && length(part, style) !== undefined) width = length(part, style)
      else color = part
    }
    if (typeof shorthand === 'number') width = shorthand
  }
  if (style.columnRuleStyle !== undefined) ruleStyle = String(style.columnRuleStyle).trim().toLowerCase()
  if (style.columnRuleWidth !== undefined) {
    const w = String(style.columnRuleWidth).trim().toLowerCase()
    width = RULE_WIDTHS[w] ?? length(style.columnRuleWidth, style)
  }
  if (style.columnRuleColor !== undefined) color = String(style.columnRuleColor)
  if (!ruleStyle || ruleStyle === 'none' || ruleStyle === 'hidden') return undefined
  width ??= 3
  if (!(width > 0)) return undefined
  if (!color || color.toLowerCase() === 'currentcolor') color = String(style.color ?? 'black')
  return { width, style: ruleStyle, color }
}

/** The multi-column properties of an element's computed style, or undefined when it is not a multi-column box. */
export function multiColumnOf(style: SerializedStyle): MultiColumnSpec | undefined {
  let count: number | undefined
  let width: number | undefined
  const countOf = (value: unknown) => {
    const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN
    return Number.isInteger(n) && n >= 1 ? n : undefined
  }
  if (style.columns !== undefined) {
    const parts = typeof style.columns === 'number' ? [String(style.columns)] : String(style.columns).trim().split(/\s+/)
    for (const part of parts) {
      if (part === 'auto') continue
      if (/^\d+$/.test(part)) count = countOf(part)
      else width = length(part, style)
    }
  }
  if (style.columnCount !== undefined) count = countOf(style.columnCount)
  if (style.columnWidth !== undefined) width = length(style.columnWidth, style)
  if (width !== undefined && !(width > 0)) width = undefined
  if (count === undefined && width === undefined) return undefined
  if (count === 1 && width === undefined) return undefined
  const gap = typeof style.columnGap === 'number' ? Math.max(0, style.columnGap) : (style.fontSize as number) || 16
  const fill = String(style.columnFill ?? '').trim() === 'auto' ? 'auto' : 'balance'
  return { count, width, gap, fill, rule: ruleOf(style) }
}

/** The number of columns and their width in a content box `available` px wide (CSS Multi-column §3.4). */
export function columnBox(spec: MultiColumnSpec, available: number): { count: number; width: number } {
  const { gap } = spec
  let count = spec.count ?? 1
  if (spec.width !== undefined && Number.isFinite(available)) {
    const fit = Math.max(1, Math.floor((available + gap) / (spec.width + gap)))
    count = spec.count !== undefined ? Math.min(spec.count, fit) : fit
  }
  count = Math.min(count, MAX_COLUMNS)
  // Chromium's column widths are LayoutUnits (1/64 px), truncated.
  const width = Math.max(0, Math.floor(((available - (count - 1) * gap) / count) * 64) / 64)
  return { count, width }
}

/** Whether a child element spans all columns (`column-span: all`), read before it is laid out. */
export function isSpanner(child: unknown): boolean {
  if (!isReactElement(child)) return false
  const span = (child as { props?: { style?: Record<string, unknown> } }).props?.style?.columnSpan
  return typeof span === 'string' && span.trim().toLowerCase() === 'all'
}

/**
 * Whether an element deeper than the children of a multi-column box spans its columns (`column-span: all`), which
 * is laid out in its column here (Chromium spans it when its ancestors up to the box are block containers).
 */
export function hasNestedSpanner(children: unknown[]): boolean {
  const visit = (child: unknown, depth: number): boolean => {
    if (Array.isArray(child)) return child.some((item) => visit(item, depth))
    if (!isReactElement(child)) return false
    const style = (child as { props?: { style?: Record<string, unknown> } }).props?.style
    if (depth > 0 && isSpanner(child)) return true
    // The spanners of a multi-column box inside are its own.
    if (style && (style.columns !== undefined || style.columnCount !== undefined || style.columnWidth !== undefined))
      return false
    return visit((child as { props?: { children?: unknown } }).props?.children, depth + 1)
  }
  return children.some((child) => visit(child, 0))
}

/** Whether a box's style forces a column break before or after it (`break-before: column`, `break-after: column`). */
export function forcedBreak(style: SerializedStyle, side: 'Before' | 'After'): boolean {
  const value = String(style[`break${side}`] ?? '').trim().toLowerCase()
  return value === 'column' || value === 'always'
}

/** Whether a box's own style keeps breaks out of it (`break-inside: avoid`). */
export function avoidsBreakInside(style: SerializedStyle): boolean {
  const value = String(style.breakInside ?? style.pageBreakInside ?? '').trim().toLowerCase()
  return value === 'avoid' || value === 'avoid-column'
}

/** Chromium's `orphans` and `widows`: the lines a paragraph keeps at least before and after a break. */
const ORPHANS = 2
const WIDOWS = 2

/** `orphans` or `widows` of an element's computed style when it is a positive integer, else undefined. */
export function lineCount(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value ?? '')) ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 ? n : undefined
}

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

function inFlowChildren(node: LayoutNode): LayoutNode[] {
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
 * truncated), between the lines of paragraphs (at least two lines on each side), inside block containers that do not
 * avoid it. `kept` collects the boxes kept whole that Chromium may break (flex and grid containers, tables).
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
        const ends = child.lineEnds(child.layout.width)
        const { orphans, widows } = linesKept(child)
        for (let line = orphans; line <= ends.length - widows; line++) {
          const y = childTop + ends[line - 1]
          points.push({ end: y, next: y })
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

const EPSILON = 1 / 128

/**
 * Fills columns of height `height` from the top of the flow (`total` tall), each up to its last break point that
 * fits, at most `limit` columns; undefined when the flow does not fit them.
 */
export function fillColumns(
  total: number,
  points: BreakPoint[],
  height: number,
  limit: number
): ColumnSlice[] | undefined {
  const columns: ColumnSlice[] = []
  const forcedPoints = points.filter((point) => point.forced)
  const usable = (point: BreakPoint, start: number) => point.end > start + EPSILON && point.next > start + EPSILON
  let start = 0
  let forcedIndex = 0
  for (;;) {
    while (forcedIndex < forcedPoints.length && !usable(forcedPoints[forcedIndex], start)) forcedIndex++
    const forced = forcedPoints[forcedIndex]
    if (!forced && total - start <= height + EPSILON) {
      columns.push({ start, end: Math.max(start, total) })
      return columns
    }
    if (columns.length + 1 >= limit || columns.length >= MAX_COLUMNS) return undefined
    let chosen: BreakPoint | undefined = forced && forced.end <= start + height + EPSILON ? forced : undefined
    if (!chosen) {
      // The last point that ends in the column (points are sorted by their end), back to one after its start.
      let low = 0
      let high = points.length
      while (low < high) {
        const middle = (low + high) >> 1
        if (points[middle].end > start + height + EPSILON) high = middle
        else low = middle + 1
      }
      for (let i = low - 1; i >= 0 && points[i].end > start + EPSILON; i--) {
        if (usable(points[i], start)) {
          chosen = points[i]
          break
        }
      }
    }
    if (!chosen) return undefined
    columns.push({ start, end: chosen.end })
    start = chosen.next
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
    columns: fillColumns(end, points, Math.max(height, EPSILON), Infinity) ?? [{ start: 0, end }],
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
  const columns = fillColumns(end, points, height, count) ?? fillColumns(end, points, height, Infinity)
  return { height, columns: columns ?? [{ start: 0, end }] }
}

/** Where the content of a flow ends: the bottom of its last in-flow box, its margin left out. */
export function contentEndOf(root: LayoutNode): number {
  const kids = inFlowChildren(root)
  const last = kids[kids.length - 1]
  return last ? last.layout.top + last.layout.height : root.layout.height
}

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
    private readonly onStyleError?: (error: Error) => void
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
      // Intrinsic sizes, as Chromium's: the min-content width is one column's (at least its `column-width`), the
      // max-content width the columns' side by side with the gaps between.
      run.flow.style.width = undefined
      const minContent = width <= 0
      this.computeLayout(run.flow, { width: minContent ? 'min-content' : undefined })
      const count = minContent ? 1 : Math.min(this.spec.count ?? 1, MAX_COLUMNS)
      const columnWidth = Math.max(run.flow.layout.width, this.spec.width ?? 0)
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

  /** The run's flow laid out at the column width of a box `width` wide, and its columns. */
  columns(run: ColumnRun, width: number) {
    const box = columnBox(this.spec, width)
    run.flow.style.width = box.width
    this.computeLayout(run.flow, { width: box.width })
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

  /** Lays a run out at its final width before its flow is painted at `(x, y)`, the leaf's top left corner. */
  place(run: ColumnRun | undefined, x = 0, y = 0): void {
    if (!run) {
      this.placed = undefined
      return
    }
    const { width, columns, height } = this.columns(run, run.leaf.layout.width)
    this.placed = { run, x, y, width, height, columns }
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
    const dash = rule.style === 'dotted' ? width : 3 * width
    return buildXMLString('line', {
      x1: left + width / 2,
      y1: top,
      x2: left + width / 2,
      y2: top + height,
      stroke: color,
      'stroke-width': width,
      'stroke-dasharray': `${dash} ${dash}`,
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
