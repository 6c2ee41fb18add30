/**
 * Pictor (inline-static-position): the static position of an absolutely
 * positioned box that was inline-level (`<span style="position: absolute">`
 * without `left`/`right`, `top`/`bottom`) is where it would stand in its line
 * (CSS 2 §10.3.7 "the hypothetical box", Blink's static position of an
 * out-of-flow inline item): after the text before it, and in an empty line at
 * the start `text-align` gives that line (the middle of a centred block).
 * satori placed it as a block-level box: at the start of the content box,
 * below the text before it.
 *
 * An empty inline box without edges marks the place in the paragraph (it
 * takes no room and offers no break); once the paragraph is laid out, its
 * fragment is the position. A box in no line (the block has no inline
 * content) takes the offset of `text-align` in an empty line.
 */

import type { SerializedStyle } from './handler/expand.js'
import type { LayoutNode } from './layout-engine/index.js'
import type { InlineBox, InlineFormatting } from './text/inline.js'

/** Where an out-of-flow box would be in its line. */
export interface InlineStaticAnchor {
  box: InlineBox
  /** Whether the box keeps its static position on each axis. */
  staticX: boolean
  staticY: boolean
  /** The container's `text-align`, for a box in no line. */
  textAlign: unknown
}

const NO_EDGES = Object.fromEntries(
  ['Top', 'Right', 'Bottom', 'Left'].flatMap((side) => [
    [`margin${side}`, 0],
    [`padding${side}`, 0],
    [`border${side}Width`, 0],
  ])
)

/**
 * Marks the static position of an out-of-flow box that was inline-level in
 * the paragraph being collected, when an axis keeps it (left-to-right
 * containers only).
 */
export function markInlineStaticPosition(
  formatting: InlineFormatting,
  style: SerializedStyle
): InlineStaticAnchor | undefined {
  const auto = (value: unknown) => value === undefined || value === 'auto'
  const staticX = auto(style.left) && auto(style.right)
  const staticY = auto(style.top) && auto(style.bottom)
  if (!staticX && !staticY) return
  if (formatting.style.direction === 'rtl') return
  const box: InlineBox = {
    style: {
      ...formatting.style,
      ...NO_EDGES,
      position: 'static',
      verticalAlign: 'baseline',
    } as unknown as SerializedStyle,
    fragments: [],
    paragraphs: [],
    marksStaticPosition: true,
  }
  if (!formatting.markEmptyBox(box)) return
  return { box, staticX, staticY, textAlign: formatting.style.textAlign }
}

/**
 * How far to move the box from where the layout engine put it (at the start
 * of the parent's content box, below the content before it), once the layout
 * is done.
 */
export function inlineStaticOffset(
  { box, staticX, staticY, textAlign }: InlineStaticAnchor,
  node: LayoutNode,
  parent: LayoutNode
): [number, number] {
  for (const paragraph of box.paragraphs) paragraph.finalize()
  const fragment = box.fragments[0]
  const { layout } = node
  // A paragraph of no line (only the mark, spaces, empty boxes) is 0 tall.
  if (fragment && fragment.paragraph.node.layout.height > 0) {
    const at = fragment.paragraph.node.layout
    return [
      staticX ? at.left + fragment.left + layout.margin.left - layout.left : 0,
      // Pictor (inline-static-line-top): the top of the line, as Blink puts
      // an out-of-flow inline (its static block offset is the line box's
      // ascent above the baseline), not the top of an empty box's text.
      staticY
        ? at.top +
          (fragment.lineTop ?? fragment.top) +
          layout.margin.top -
          layout.top
        : 0,
    ]
  }
  if (!staticX) return [0, 0]
  const { width, padding, border } = parent.layout
  const content =
    width - padding.left - padding.right - border.left - border.right
  const share =
    textAlign === 'center'
      ? 0.5
      : textAlign === 'right' || textAlign === 'end'
      ? 1
      : 0
  return [Math.max(0, content * share), 0]
}
