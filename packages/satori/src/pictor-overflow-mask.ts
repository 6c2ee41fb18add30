/**
 * Pictor (overflow-mask-as-clip, speed only): the content mask of an
 * `overflow: hidden` box that only repeats its clip path is not written.
 *
 * satori gives the descendants of such a box a clip path (`satori_cp-…`, the
 * border box, under the ancestors' clip paths) and a mask (`satori_om-…`, the
 * padding box with the inner edge of rounded borders, under the ancestors'
 * masks). With no border and no rounded corner, the padding box is the border
 * box: the mask is the clip path's rectangle again, over the masks of the
 * ancestors. The descendants then take the ancestors' mask (the clip path
 * still cuts them to the box), and the mask is left out. When only one axis
 * is clipped, or the clip is extended by `overflow-clip-margin`, the clip path
 * is the whole clip region and the mask an unbounded rectangle: left out too.
 * resvg draws each masked element into a canvas-sized layer and multiplies it
 * by the mask's own layer; a Bulma page had 215 such masks.
 *
 * satori also wrote a content mask for every box that clips nothing (no
 * `overflow`, no `clip-path`), which nothing refers to: not written either.
 */

function isOn(style: Record<string, unknown>): boolean {
  const tunings = style._pictorTunings as { overflowMaskAsClip?: boolean } | undefined
  return tunings?.overflowMaskAsClip !== false
}

/**
 * Whether the content mask of a box without a picture of its own is left
 * out: it would only repeat the clip path, or the box clips nothing and no
 * descendant refers to it.
 */
export function contentMaskLeftOut(style: Record<string, unknown>): boolean {
  if (!isOn(style)) return false
  const hasClipPath = style.clipPath && style.clipPath !== 'none'
  return style.overflow === 'hidden'
    ? overflowMaskRepeatsClip(style)
    : !hasClipPath
}

/** Whether `style` clips both axes at its padding box (the mask then holds the border's inner edge). */
export function clipsPaddingBox(style: Record<string, unknown>): boolean {
  const clipX = style.overflowX !== 'visible'
  const clipY = style.overflowY !== 'visible'
  // `overflow-clip-margin` and `overflow-clip-box` only apply to `overflow: clip` on both axes.
  const isClip = style.overflowX === 'clip' && style.overflowY === 'clip'
  const margin = isClip ? Number(style.overflowClipMargin) || 0 : 0
  const visualBox = isClip ? style._overflowClipBox || 'padding-box' : 'padding-box'
  return clipX && clipY && !margin && visualBox === 'padding-box'
}

const SIDES = ['Top', 'Right', 'Bottom', 'Left']
const CORNERS = ['TopLeft', 'TopRight', 'BottomRight', 'BottomLeft']

/** A radius that is certainly no rounding (anything else counts as rounded). */
function isSquare(value: unknown): boolean {
  if (value === undefined || value === null || value === 0) return true
  return typeof value === 'string' && /^\s*0(px|%)?(\s+0(px|%)?)?\s*$/.test(value)
}

/**
 * Whether the content mask of an element with `overflow: hidden` (and no
 * picture of its own) would only repeat its clip path: then its descendants
 * keep their ancestors' mask. Off with `pictorTunings.overflowMaskAsClip`.
 */
export function overflowMaskRepeatsClip(style: Record<string, unknown>): boolean {
  if (!isOn(style) || style.overflow !== 'hidden') return false
  if (style.clipPath && style.clipPath !== 'none') return false
  // Under a transform the clip path and the mask are transformed: kept as they were.
  if (style.transform) return false
  if (!clipsPaddingBox(style)) return true
  return (
    SIDES.every((side) => !style[`border${side}Width`]) &&
    CORNERS.every((corner) => isSquare(style[`border${corner}Radius`]))
  )
}
