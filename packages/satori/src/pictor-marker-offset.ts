/**
 * Pictor (outside-marker-border-box): where an outside list marker hangs. Chromium places it against the list
 * item's border box, not its content: `li { padding-left: 10px }` moves the text 10 px right and leaves the bullet
 * where it was (a JSON Resume theme's `ul li { padding-left: 10px }`). satori hung it off the content's start, so
 * such bullets sat 10 px right of Chromium's. The marker is moved back by the item's start padding and border.
 */
import type { SerializedStyle } from './handler/expand.js'

const px = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0

/** How far an outside marker of a list item of `style` goes back from its content's start: padding and border. */
export function outsideMarkerShift(style: SerializedStyle): number {
  return style.direction === 'rtl'
    ? px(style.paddingRight) + px(style.borderRightWidth)
    : px(style.paddingLeft) + px(style.borderLeftWidth)
}
