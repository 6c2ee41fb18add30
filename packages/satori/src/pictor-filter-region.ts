/**
 * Pictor (leaf-filter-region, speed only): the region of the `filter`
 * functions of an element without drawn descendants is its own paint area,
 * not the whole image.
 *
 * satori gives filter functions the image as their region, as descendants
 * can be drawn anywhere. resvg then runs every primitive over every pixel of
 * the region: Pico's `filter: brightness(0) invert(1)` on a 20 × 30 px
 * chevron made two component transfers over a 1280 × 2000 canvas, 220 of the
 * 275 ms resvg spent on the page. An element that draws no descendant paints
 * within its border box, its box shadows and its outline; the region is that,
 * grown by what the functions draw outside of it (blur, drop shadows) and
 * two pixels for anti-aliasing, through the matrix its shapes are drawn with.
 */
import {
  getBoxShadowExtent,
  getFilterExtent,
  getOutlineExtent,
} from './culling.js'
import type { BackdropFilter } from './parser/backdrop-filter.js'
import type { SerializedStyle } from './handler/expand.js'

/** The filter region of a leaf element, or undefined to keep the image as the region. */
export function leafFilterRegion(
  box: { left: number; top: number; width: number; height: number },
  style: SerializedStyle,
  drawsDescendants: boolean,
  functions: BackdropFilter[],
  /** The matrix its shapes are drawn with (`matrix(a,b,c,d,e,f)`), under a transform. */
  matrix?: string
): { x: number; y: number; width: number; height: number } | undefined {
  const tunings = style._pictorTunings as
    | { leafFilterRegion?: boolean }
    | undefined
  if (tunings?.leafFilterRegion === false) return undefined
  if (drawsDescendants) return undefined
  const grow =
    2 +
    getBoxShadowExtent(style) +
    getOutlineExtent(style) +
    getFilterExtent(functions)
  if (!Number.isFinite(grow)) return undefined
  const area = {
    x: box.left - grow,
    y: box.top - grow,
    width: box.width + 2 * grow,
    height: box.height + 2 * grow,
  }
  if (!style.transform) return area
  // Under a transform: the bounds of the area's corners as its shapes are
  // drawn (an identity matrix or a translation, e.g. Pico's `rotate(0)`).
  const m = /^matrix\(([^)]*)\)$/.exec((matrix || '').trim())
  const [a, b, c, d, e, f] = (m?.[1] ?? '').split(',').map(Number)
  if (![a, b, c, d, e, f].every(Number.isFinite)) return undefined
  const xs: number[] = []
  const ys: number[] = []
  for (const [x, y] of [
    [area.x, area.y],
    [area.x + area.width, area.y],
    [area.x, area.y + area.height],
    [area.x + area.width, area.y + area.height],
  ]) {
    xs.push(a * x + c * y + e)
    ys.push(b * x + d * y + f)
  }
  const x = Math.min(...xs)
  const y = Math.min(...ys)
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }
}
