/**
 * Pictor (img-height-limits): the used size of a replaced element whose width
 * and height are both `auto`, under its min/max limits, as CSS 2.1 §10.4's
 * table gives it: the natural ratio is kept, and a `max-height` (a logo's
 * `max-height: 33px; width: auto`) narrows the picture as much as a
 * `max-width` shortens it. satori applied the width limits only, and the
 * engine then clamped the height alone: the picture kept its natural width.
 */

/** Limits of a content box in px; absent ones do not limit. */
export interface SizeLimits {
  minWidth?: number
  maxWidth?: number
  minHeight?: number
  maxHeight?: number
}

/** The natural size `w` × `h` under `limits`, with its ratio kept (§10.4). */
export function limitedNaturalSize(
  w: number,
  h: number,
  limits: SizeLimits
): [number, number] {
  if (!(w > 0) || !(h > 0)) return [w, h]
  const minW = Math.max(0, limits.minWidth ?? 0)
  const minH = Math.max(0, limits.minHeight ?? 0)
  const maxW = Math.max(minW, limits.maxWidth ?? Infinity)
  const maxH = Math.max(minH, limits.maxHeight ?? Infinity)
  if (w > maxW && h > maxH) {
    return maxW / w <= maxH / h
      ? [maxW, Math.max(minH, (maxW * h) / w)]
      : [Math.max(minW, (maxH * w) / h), maxH]
  }
  if (w < minW && h < minH) {
    return minW / w <= minH / h
      ? [Math.min(maxW, (minH * w) / h), minH]
      : [minW, Math.min(maxH, (minW * h) / w)]
  }
  if (w < minW && h > maxH) return [minW, maxH]
  if (w > maxW && h < minH) return [maxW, minH]
  if (w > maxW) return [maxW, Math.max((maxW * h) / w, minH)]
  if (w < minW) return [minW, Math.min((minW * h) / w, maxH)]
  if (h > maxH) return [Math.max((maxH * w) / h, minW), maxH]
  if (h < minH) return [Math.min((minH * w) / h, maxW), minH]
  return [w, h]
}
