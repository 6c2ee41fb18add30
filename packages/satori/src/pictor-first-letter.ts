/**
 * Pictor (first-letter): the `::first-letter` pseudo-element (CSS Pseudo-Elements 4 §2.2), as Chromium draws it.
 * The first typographic letter unit of a block container — leading punctuation, one grapheme cluster, trailing
 * punctuation — is wrapped in an inline element with the pseudo-element's style, so that layout gives it its own font,
 * colour, margins and line height (a floated one is a drop cap the following lines wrap around). It is found in the
 * first text of the element's first line: through inline elements, `::before` text and the first in-flow block child;
 * replaced elements, atomic inlines and line breaks before any letter mean there is none.
 */
import type { ReactElement, ReactNode } from 'react'

import presets from './handler/presets.js'
import { isReactElement, normalizeChildren } from './utils.js'
import { REPLACED_ELEMENTS } from './pictor-replaced-elements.js'

/** The type of the element that holds the first letter. */
export const FIRST_LETTER = '::first-letter'

/** Properties that do not apply to `::first-letter`: it is always inline, or a float. */
const NOT_APPLICABLE = new Set([
  'display',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'inset',
  'insetBlock',
  'insetInline',
  'content',
])

/** The pseudo-element's style without the properties that do not apply to it. */
export function firstLetterStyle(style: Record<string, unknown>) {
  const applicable: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(style)) {
    if (!NOT_APPLICABLE.has(name)) applicable[name] = value
  }
  return applicable
}

// Unicode categories Ps, Pe, Pi, Pf and Po: punctuation that joins the letter, before or after it (Blink's
// IsPunctuationForFirstLetter).
const PUNCTUATION = /^[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]$/u
// Spaces that end the search: collapsible white space and no-break space (Blink's IsSpaceForFirstLetter).
const SPACE = /^[ \t\n\r\f\u00a0]$/

let segmenter: Intl.Segmenter | undefined

function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return Array.from(segmenter.segment(text), (s) => s.segment)
}

/**
 * Where the first letter of `text` starts and ends (UTF-16 offsets), as Blink counts it: leading spaces are skipped,
 * then punctuation, one grapheme cluster that is neither space nor the end, then punctuation; a text of punctuation
 * alone is all first letter. Undefined when a space, or the end of a text without punctuation, comes before a letter.
 */
export function firstLetterRange(
  text: string
): { start: number; end: number } | undefined {
  const clusters = graphemes(text)
  let i = 0
  let offset = 0
  while (i < clusters.length && SPACE.test(clusters[i])) offset += clusters[i++].length
  const start = offset
  while (i < clusters.length && PUNCTUATION.test(clusters[i])) offset += clusters[i++].length
  // Pictor (first-letter-punctuation-only): a text of punctuation alone (a `<q>`'s open quote, `“` in its own
  // element before the word) is the first letter, as Chromium draws it; the letter after it is not.
  if (i === clusters.length && offset > start) return { start, end: offset }
  if (i === clusters.length || SPACE.test(clusters[i])) return
  offset += clusters[i++].length
  while (i < clusters.length && PUNCTUATION.test(clusters[i])) offset += clusters[i++].length
  return { start, end: offset }
}

/** The `display` of an element: its style's, else the default of its type (inline). */
function displayOf(type: string, style: Record<string, unknown> | undefined) {
  const value = style?.display ?? (presets as Record<string, any>)[type]?.display
  return typeof value === 'string' ? value.trim().toLowerCase() : 'inline'
}

/** Whether an element of this `display` is a block container that has a `::first-letter`. */
export function hasFirstLetter(
  type: string,
  style: Record<string, unknown> | undefined
) {
  return BLOCK_CONTAINER.test(displayOf(type, style))
}

const BLOCK_CONTAINER =
  /^(block|flow-root|list-item|inline-block|table-cell|table-caption|block flow|block flow-root|block list-item|inline flow-root)$/

/** Displays a first letter is searched through: inline boxes and block-level block containers. */
const SEARCHED =
  /^(inline|contents|block|flow-root|list-item|block flow|block flow-root|block list-item)$/

/** Elements that are replaced or have no text: a first line starting with one has no first letter. */
const STOPPING = new Set<string>([
  ...REPLACED_ELEMENTS,
  'button',
  'br',
  'hr',
  'table',
  // Generated content the search cannot read before layout.
  '::counter',
  '::content-var',
])

type Found = { children: ReactNode[] } | 'stop' | undefined
type Wrap = (letter: ReactNode) => ReactElement

/**
 * `children` with their first letter wrapped by `wrap`; `'stop'` when the first line starts with something that is
 * not text (no first letter), undefined when they hold no text at all (the search goes on after them).
 */
function wrapIn(children: ReactNode, wrap: Wrap): Found {
  const list = normalizeChildren(children)
  for (let index = 0; index < list.length; index++) {
    const child = list[index]
    let replaced: ReactNode
    if (typeof child === 'string' || typeof child === 'number') {
      const text = String(child)
      if (!text.trim()) continue
      const range = firstLetterRange(text)
      if (!range) return 'stop'
      replaced = [
        text.slice(0, range.start),
        wrap(text.slice(range.start, range.end)),
        text.slice(range.end),
      ].filter(Boolean)
    } else if (isReactElement(child) && typeof child.type === 'string') {
      const element = child as ReactElement<Record<string, any>>
      const style = element.props.style as Record<string, unknown> | undefined
      const display = displayOf(element.type as string, style)
      // A block child's own first letter is inside this one's.
      if (element.type === FIRST_LETTER) {
        const out = list.slice()
        out.splice(index, 1, wrap(element))
        return { children: out }
      }
      // Out-of-flow boxes and hidden ones are not on the first line.
      if (
        display === 'none' ||
        (style?.float !== undefined && style.float !== 'none') ||
        style?.position === 'absolute' ||
        style?.position === 'fixed'
      ) {
        continue
      }
      if (STOPPING.has(element.type as string)) return 'stop'
      // A block child's first line is the element's first line; an atomic inline or a flex or grid container ends
      // the search.
      if (!SEARCHED.test(display)) return 'stop'
      const found = wrapIn(element.props.children, wrap)
      if (found === undefined) continue
      if (found === 'stop') return 'stop'
      replaced = { ...element, props: { ...element.props, children: found.children } }
    } else {
      continue
    }
    const out = list.slice()
    out.splice(index, 1, ...(Array.isArray(replaced) ? replaced : [replaced]))
    return { children: out }
  }
  return undefined
}

/**
 * The children of a block container with their first letter in a `::first-letter` element of `style`, or as they
 * are when the first line has no first letter.
 */
export function withFirstLetter(
  children: ReactNode[],
  style: Record<string, unknown>
): ReactNode[] {
  const found = wrapIn(children, (letter) => ({
    type: FIRST_LETTER,
    key: null,
    props: { style: firstLetterStyle(style), children: letter },
  }) as unknown as ReactElement)
  return typeof found === 'object' ? found.children : children
}
