/**
 * Pictor (vertical-list-markers): the disc, circle and square markers of
 * list items in vertical writing. `list-marker.ts` makes them inline boxes
 * sized and placed for a horizontal line (an outside one with a negative
 * left margin); in columns they were left out, as boxes without text.
 * Chromium turns the marker with the line: centred on the item's first
 * column, an outside marker ends `offset` px before the column starts (the
 * same gap as before a horizontal line), an inside one takes its place at
 * the start of the column. Text markers (`decimal`, …) are set as text.
 */
import type { Picture } from './pictor-vertical-items.js'

/**
 * The picture of a symbol marker made by `list-marker.ts` (a `span` with
 * `__marker` and a size), or undefined for any other element. `outside` is
 * whether it hangs before its column.
 */
export function markerPicture(
  props: Record<string, any>,
  outside: boolean
): Picture | undefined {
  if (!props.__marker) return
  const style = (props.style || {}) as Record<string, unknown>
  const { width, height } = style
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0) {
    return
  }
  const border = /^1px solid (.+)$/.exec(String(style.border ?? ''))
  const color = border ? border[1] : String(style.backgroundColor ?? 'black')
  const shape = border
    ? `<circle cx="${width / 2}" cy="${height / 2}" r="${
        width / 2 - 0.5
      }" fill="none" stroke="${color}" stroke-width="1"/>`
    : style.borderRadius === '50%'
    ? `<circle cx="${width / 2}" cy="${height / 2}" r="${
        width / 2
      }" fill="${color}"/>`
    : `<rect width="${width}" height="${height}" fill="${color}"/>`
  const src = `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shape}</svg>`
  )}`
  const marginLeft = typeof style.marginLeft === 'number' ? style.marginLeft : 0
  return outside
    ? // Its start is `-marginLeft` before the content: it takes no length.
      { src, width, height, hang: -marginLeft }
    : { src, width, height }
}
