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
 * grown by what the functions draw outside of it (blur, drop shadows) and a
 * pixel for anti-aliasing. Transformed shapes are left with the image.
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
  functions: BackdropFilter[]
): { x: number; y: number; width: number; height: number } | undefined {
  const tunings = style._pictorTunings as
    | { leafFilterRegion?: boolean }
    | undefined
  if (tunings?.leafFilterRegion === false) return undefined
  if (drawsDescendants || style.transform) return undefined
  const grow =
    2 +
    getBoxShadowExtent(style) +
    getOutlineExtent(style) +
    getFilterExtent(functions)
  if (!Number.isFinite(grow)) return undefined
  return {
    x: box.left - grow,
    y: box.top - grow,
    width: box.width + 2 * grow,
    height: box.height + 2 * grow,
  }
}
