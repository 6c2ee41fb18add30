/**
 * Pictor (marker-skips-empty-blocks): an outside list marker is placed on
 * the first line box of its list item (CSS Lists 3 §3.1; Blink carries the
 * unpositioned marker past children without a line box). An empty first
 * block — `<li><p></p><p>Text</p>` as Markdown helpers of résumé themes
 * write it, a spacer `<div>`, an empty flex row — has no line, so the marker
 * goes on to the first child that has one. satori put the marker into the
 * empty block, which then made a line of its own: the text stood a line
 * below its marker.
 */

import type { ReactElement } from 'react'

/** Elements that make a line box (or are one) whatever their content. */
const LINE_MAKERS = new Set([
  'br',
  'img',
  'svg',
  'input',
  'textarea',
  'select',
  'button',
  'video',
  'canvas',
  'iframe',
  'object',
  'embed',
  'progress',
  'meter',
  'pre',
])

/** Displays whose empty boxes have no line box (their content decides). */
const CONTENT_DECIDES = new Set(['block', 'flow-root', 'flex', 'grid', 'inline'])

const EDGE = /^(padding|margin)(Left|Right|InlineStart|InlineEnd)$|^border(Left|Right)Width$/

/** Whether an inline box has room of its own on the line (a non-zero side). */
function hasInlineEdges(style: Record<string, unknown>): boolean {
  return Object.keys(style).some(
    (key) => EDGE.test(key) && parseFloat(String(style[key])) !== 0 && style[key] !== 'auto'
  )
}

/**
 * Whether a child of a list item makes no line box: white space, nothing,
 * or an element of a display whose content decides (block, flex, grid,
 * inline without sides) whose children make none. Replaced elements, form
 * controls, line breaks, atomic inlines, nested list items and preserved
 * white space count as lines.
 */
export function makesNoLine(
  child: unknown,
  getDisplay: (element: ReactElement) => string
): boolean {
  if (typeof child === 'string') return !child.trim()
  if (typeof child === 'number') return false
  if (!child || typeof child !== 'object') return true
  const element = child as ReactElement
  if (typeof element.type !== 'string' || LINE_MAKERS.has(element.type))
    return false
  const style = (element.props?.style ?? {}) as Record<string, unknown>
  const display = getDisplay(element)
  if (display === 'none') return true
  if (!CONTENT_DECIDES.has(display)) return false
  if (display === 'inline' && hasInlineEdges(style)) return false
  if (/^(pre|break-spaces)/.test(String(style.whiteSpace ?? ''))) return false
  const children = element.props?.children
  const list = Array.isArray(children) ? children.flat(Infinity) : [children]
  return list.every((kid) => makesNoLine(kid, getDisplay))
}
