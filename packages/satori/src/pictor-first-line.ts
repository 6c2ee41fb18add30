/**
 * Pictor (first-line): the `::first-line` pseudo-element (CSS Pseudo-Elements 4 §2.1), as Chromium draws it. The
 * inline content of a block container's first formatted line takes the pseudo-element's style (font, colour,
 * background, spacing, text-transform, decoration, line height).
 *
 * Which content that is depends on line breaking with that style, so it is found in two steps:
 * 1. Everything that can be on the first line — the inline content up to the first forced break (`<br>`) or
 *    block-level box, in the first in-flow block child when the content starts with one — is wrapped in
 *    `::first-line` elements of the style (`withFirstLine`): in one line, that is Chromium's first line exactly (a
 *    name heading, the common case), and layout gives it its font, size and line height like any inline box.
 * 2. When that content takes more than one line, layout reports how much of it is on the first line (`Paragraph
 *    .firstLineUnits`: code units that are not white space, an atomic inline counting one) and the tree is laid out
 *    again with only that much wrapped, followed by a `::first-line-end` (a line break that keeps the line
 *    justified), the rest in the element's own style (`satori.ts`).
 *
 * Out-of-flow boxes are left out of the wrapping (they do not inherit from `::first-line`); an inline element that
 * holds a forced break, a block or the end of the first line is searched through (split at the end of the line).
 */
import type { ReactElement, ReactNode } from 'react'

import presets from './handler/presets.js'
import { REPLACED_ELEMENTS } from './pictor-replaced-elements.js'
import { isReactElement, normalizeChildren } from './utils.js'

/** The type of the elements that hold the first line. */
export const FIRST_LINE = '::first-line'
/** The type of the forced break after a first line that was split. */
export const FIRST_LINE_END = '::first-line-end'
/** The prop of a `::first-line` element: the serial of its block container, see `applyStyleSheets`. */
export const FIRST_LINE_PROP = 'data-pictor-first-line'

/** Properties that apply to `::first-line` (CSS Pseudo-Elements 4 §2.1.1), as camel-cased names or prefixes. */
const APPLICABLE =
  /^(color|font|lineHeight|letterSpacing|wordSpacing|textTransform|textDecoration|textUnderline|textShadow|textEmphasis|verticalAlign|background|WebkitTextFillColor|WebkitTextStroke|textFillColor|textStroke)/

/** The pseudo-element's style with only the properties that apply to it. */
export function firstLineStyle(style: Record<string, unknown>) {
  const applicable: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(style)) {
    if (APPLICABLE.test(name)) applicable[name] = value
  }
  return applicable
}

/** A background value that paints nothing. */
const CLEAR_BACKGROUND = /^\s*(?:transparent|none|rgba\([^)]*,\s*0\s*\)|initial|unset)?\s*$/i

/**
 * Pictor (first-line-no-op): whether a `::first-line` style draws what the element draws without it: nothing but
 * backgrounds that paint nothing, and `text-shadow: none` where the element draws no shadow, its own or inherited
 * (first-line-inherited-shadow: `elementStyle.textShadow` is the one it draws with) (Gutenberg's
 * print sheet gives every `p`, `div`, `li` and `blockquote` `::first-line { background: transparent !important;
 * text-shadow: none !important }`). Such a style is not applied: no wrapping and no second layout for the
 * paragraphs whose first line it would split.
 */
export function firstLineDrawsNothing(
  style: Record<string, unknown>,
  elementStyle: Record<string, unknown> | undefined
) {
  const clear = (value: unknown) =>
    value === undefined || (typeof value === 'string' && CLEAR_BACKGROUND.test(value))
  return Object.entries(firstLineStyle(style)).every(([name, value]) =>
    name === 'textShadow'
      ? clear(value) && clear(elementStyle?.textShadow)
      : /^background(?:Color|Image)?$/.test(name) && clear(value)
  )
}

/** The `display` of an element: its style's, else the default of its type (inline). */
function displayOf(type: string, style: Record<string, unknown> | undefined) {
  const value = style?.display ?? (presets as Record<string, any>)[type]?.display
  return typeof value === 'string' ? value.trim().toLowerCase() : 'inline'
}

const INLINE = /^(inline|contents|inline flow)$/
/** Block-level block containers: the first line of the first one is the parent's first line. */
const BLOCK_CONTAINER =
  /^(block|flow-root|list-item|block flow|block flow-root|block list-item)$/
/** Elements that are never inline boxes: replaced elements and controls (atomic inlines). */
const REPLACED = new Set<string>([...REPLACED_ELEMENTS, 'button', 'hr', 'table'])
/** Generated text the tree does not hold before layout: its length is unknown. */
const UNCOUNTED = new Set(['::counter', '::content-var'])

/** The number of code units of `text` that are not white space (the unit the first line is measured in). */
export function textUnits(text: string) {
  let count = 0
  for (let i = 0; i < text.length; i++) if (!/\s/.test(text[i])) count++
  return count
}

type Kind = 'text' | 'inline' | 'atomic' | 'break' | 'block' | 'out-of-flow' | 'hidden' | 'other'

function kindOf(child: ReactNode): Kind {
  if (typeof child === 'string' || typeof child === 'number') return 'text'
  if (!isReactElement(child) || typeof child.type !== 'string') return 'other'
  const element = child as ReactElement<Record<string, any>>
  const type = element.type as string
  const style = element.props.style as Record<string, unknown> | undefined
  const display = displayOf(type, style)
  if (display === 'none') return 'hidden'
  if (
    (style?.float !== undefined && style.float !== 'none') ||
    style?.position === 'absolute' ||
    style?.position === 'fixed'
  ) {
    return 'out-of-flow'
  }
  if (type === 'br' || type === FIRST_LINE_END) return 'break'
  if (REPLACED.has(type)) return display.startsWith('inline') ? 'atomic' : 'block'
  if (INLINE.test(display)) return 'inline'
  if (display.startsWith('inline')) return 'atomic'
  return 'block'
}

/** Whether an inline element holds something that ends the first line or that the search must reach inside. */
function holdsBreak(children: ReactNode): boolean {
  return normalizeChildren(children).some((child) => {
    const kind = kindOf(child)
    if (kind === 'break' || kind === 'block' || kind === 'out-of-flow') return true
    return kind === 'inline' && holdsBreak((child as ReactElement<any>).props.children)
  })
}

/** The units of inline content, and whether they are known (no generated text of layout's). */
function unitsOf(children: ReactNode, counted: { exact: boolean }): number {
  let units = 0
  for (const child of normalizeChildren(children)) {
    const kind = kindOf(child)
    if (kind === 'text') units += textUnits(String(child))
    else if (kind === 'atomic') units++
    else if (kind === 'inline' || kind === 'hidden') {
      const element = child as ReactElement<Record<string, any>>
      if (UNCOUNTED.has(element.type as string)) counted.exact = false
      if (kind === 'inline') units += unitsOf(element.props.children, counted)
    }
  }
  return units
}

function withChildren(element: ReactElement<Record<string, any>>, children: ReactNode[]) {
  return { ...element, props: { ...element.props, children } } as ReactElement
}

/** `text` split after its `count`th unit (white space after it goes with the rest). */
function splitText(text: string, count: number): [string, string] {
  let seen = 0
  for (let i = 0; i < text.length; i++) {
    if (!/\s/.test(text[i]) && ++seen === count) {
      // Not inside a surrogate pair.
      const end = /[\ud800-\udbff]/.test(text[i]) ? i + 2 : i + 1
      return [text.slice(0, end), text.slice(end)]
    }
  }
  return [text, '']
}

/** Inline content split after its `count`th unit: each inline element on both sides is a copy of it. */
function splitInline(children: ReactNode, count: number): [ReactNode[], ReactNode[]] {
  const before: ReactNode[] = []
  const after: ReactNode[] = []
  let left = count
  const counted = { exact: true }
  for (const child of normalizeChildren(children)) {
    if (left <= 0) {
      after.push(child)
      continue
    }
    const kind = kindOf(child)
    if (kind === 'text') {
      const text = String(child)
      const units = textUnits(text)
      if (units <= left) {
        before.push(child)
        left -= units
      } else {
        const [head, tail] = splitText(text, left)
        before.push(head)
        if (tail) after.push(tail)
        left = 0
      }
    } else if (kind === 'atomic') {
      before.push(child)
      left--
    } else if (kind === 'inline') {
      const element = child as ReactElement<Record<string, any>>
      const units = unitsOf(element.props.children, counted)
      if (units <= left) {
        before.push(child)
        left -= units
      } else {
        const [head, tail] = splitInline(element.props.children, left)
        before.push(withChildren(element, head))
        after.push(withChildren(element, tail))
        left = 0
      }
    } else {
      before.push(child)
    }
  }
  return [before, after]
}

/** Whether a child is more than white space. */
const hasContent = (child: ReactNode) => kindOf(child) !== 'text' || String(child).trim() !== ''

interface State {
  /** The units of the first line, when it is known to end before the content that could be on it. */
  limit?: number
  units: number
  done: boolean
  /** Whether the units of the wrapped content are known. */
  exact: boolean
  /** Whether anything but white space was seen. */
  started: boolean
}

type Wrap = (children: ReactNode[]) => ReactElement

/** `children` with their part on the first line wrapped by `wrap` (see the file's comment). */
function wrapLine(children: ReactNode, state: State, wrap: Wrap): ReactNode[] {
  const out: ReactNode[] = []
  let group: ReactNode[] = []
  const flush = () => {
    if (group.some(hasContent)) {
      out.push(wrap(group))
    } else {
      out.push(...group)
    }
    group = []
  }
  const list = normalizeChildren(children)
  // The line ends after the child at `index` (null: inside it, its rest follows): with a forced break, unless one
  // follows (the end of a nested block container's own first line, split already).
  const end = (index: number | null) => {
    flush()
    state.done = true
    if (state.limit === undefined) return
    const next =
      index === null
        ? undefined
        : list.slice(index + 1).find(hasContent)
    if (next === undefined || kindOf(next) !== 'break') {
      out.push({ type: FIRST_LINE_END, key: null, props: {} } as unknown as ReactElement)
    }
  }
  for (let index = 0; index < list.length; index++) {
    const child = list[index]
    if (state.done) {
      out.push(child)
      continue
    }
    const kind = kindOf(child)
    const room = state.limit === undefined ? Infinity : state.limit - state.units
    if (kind === 'text') {
      const text = String(child)
      const units = textUnits(text)
      if (units) state.started = true
      if (units < room || (units === room && !text.trim().length)) {
        group.push(child)
        state.units += units
      } else {
        const [head, tail] = splitText(text, room)
        group.push(head)
        state.units += room
        end(tail.trim() ? null : index)
        if (tail) out.push(tail)
      }
    } else if (kind === 'atomic') {
      state.started = true
      group.push(child)
      state.units++
      if (state.units >= (state.limit ?? Infinity)) end(index)
    } else if (kind === 'hidden' || kind === 'other') {
      group.push(child)
    } else if (kind === 'out-of-flow') {
      flush()
      out.push(child)
    } else if (kind === 'break') {
      flush()
      state.done = true
      out.push(child)
    } else if (kind === 'block') {
      const element = child as ReactElement<Record<string, any>>
      const style = element.props.style as Record<string, unknown> | undefined
      flush()
      if (
        !state.started &&
        !REPLACED.has(element.type as string) &&
        BLOCK_CONTAINER.test(displayOf(element.type as string, style))
      ) {
        // The first line of its first in-flow block child is the element's first line.
        state.started = true
        out.push(withChildren(element, wrapLine(element.props.children, state, wrap)))
      } else {
        out.push(child)
      }
      state.done = true
    } else {
      // An inline element.
      const element = child as ReactElement<Record<string, any>>
      const counted = { exact: true }
      const units = unitsOf(element.props.children, counted)
      if (!counted.exact) state.exact = false
      if (units) state.started = true
      const holds = holdsBreak(element.props.children)
      if (!holds && units < room) {
        group.push(child)
        state.units += units
      } else if (!holds) {
        const [head, tail] = splitInline(element.props.children, room)
        group.push(withChildren(element, head))
        state.units += room
        const rest = tail.some(hasContent)
        end(rest ? null : index)
        if (rest) out.push(withChildren(element, tail))
      } else {
        flush()
        out.push(withChildren(element, wrapLine(element.props.children, state, wrap)))
      }
    }
  }
  flush()
  return out
}

/**
 * The children of a block container with the content that can be on its first line in `::first-line` elements of
 * `style`, marked with `serial`; with `limit`, only its first `limit` units (the first line as layout found it),
 * followed by a forced break. `exact` is false when the wrapped content has generated text of unknown length.
 */
export function withFirstLine(
  children: ReactNode[],
  style: Record<string, unknown>,
  serial: number,
  limit?: number
): { children: ReactNode[]; exact: boolean } {
  const state: State = { limit, units: 0, done: false, exact: true, started: false }
  const applicable = firstLineStyle(style)
  const out = wrapLine(children, state, (content) => ({
    type: FIRST_LINE,
    key: null,
    props: { style: { ...applicable }, [FIRST_LINE_PROP]: serial, children: content },
  }) as unknown as ReactElement)
  return { children: out, exact: state.exact }
}
