/**
 * Pictor (br-flex-item): a `<br>` that is a child of a flex or grid container
 * (no inline formatting context to break) is an item of its own in Chromium:
 * an anonymous block holding the break, one empty line tall (the strut of the
 * inherited font and line height). LaTeXML ends its centred tables with
 * `<br class="ltx_break ltx_centering">` in a `display: flex` figure, which
 * Chromium draws a line taller than satori, which dropped the break.
 */
import type { LayoutContext } from './layout.js'
import { InlineFormatting } from './text/inline.js'

/** Adds the item of a `<br>` laid out outside inline content to its parent. */
export function breakItem(context: LayoutContext): void {
  const { formattingContext } = context
  if (formattingContext !== 'flex' && formattingContext !== 'grid') return
  const inline = new InlineFormatting(context.parent, context.inheritedStyle, {
    font: context.font,
    embedFont: context.embedFont,
    debug: context.debug,
    graphemeImages: context.graphemeImages,
    pointScaleFactor: context.pointScaleFactor,
    computeLayout: context.computeLayout,
    locale: context.locale,
  })
  inline.addBreak()
  inline.end()
}
