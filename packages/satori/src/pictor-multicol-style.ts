/**
 * Pictor (multi-column): what an element's multi-column properties ask for (`columns`, `column-count`,
 * `column-width`, `column-gap`, `column-rule`, `column-fill`) and the properties of its children the columns read
 * (`column-span`, `break-before`/`break-after`/`break-inside`, `orphans`/`widows`). See `pictor-multicol.ts`.
 */
import type { SerializedStyle } from './handler/expand.js'
import { isReactElement, lengthToNumber } from './utils.js'

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

/** The most columns a run is laid out in (`column-count: 100000`, a fixed height of a pixel): the rest overflows. */
export const MAX_COLUMNS = 1000

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
  // Pictor (multicol-empty-children): an element without children has them undefined.
  if (child == null || !isReactElement(child)) return false
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
    if (child == null || !isReactElement(child)) return false
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

/** `orphans` or `widows` of an element's computed style when it is a positive integer, else undefined. */
export function lineCount(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value ?? '')) ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 ? n : undefined
}
