/**
 * Pictor (inline-svg-pictures): an inline `<svg>` that embeds raster
 * pictures (`<image href="data:image/png…">`: a logo in a receipt, a photo in
 * a chart) drawn with them.
 *
 * satori draws an inline SVG as an `<image>` whose `href` is the SVG itself,
 * and resvg draws no raster picture inside an SVG that is itself a picture
 * (usvg gives nested SVG images no image resolver): the pictures vanished.
 * Such an SVG is put in the page's SVG as a nested `<svg>` element instead,
 * at the same place, size and `preserveAspectRatio`, which resvg draws with
 * its pictures. Only then: an SVG without pictures stays an image, so the
 * `id`s of its gradients and clip paths cannot meet the page's.
 */

const DATA_PREFIX = 'data:image/svg+xml;utf8,'
/** A raster picture embedded in the SVG. */
const RASTER = /<image\b[^>]*\bhref="data:image\/(?:png|jpe?g|gif|webp)[;,]/i

/**
 * Pictor (svg-picture-rasters): whether `src` is an SVG written as utf8 text
 * that embeds a raster picture (core writes an SVG picture with raster
 * pictures so, svg-nestable.ts, and every other picture as base64).
 */
export function hasRasterPictures(src: string): boolean {
  if (!src.startsWith(DATA_PREFIX)) return false
  try {
    return RASTER.test(decodeURIComponent(src.slice(DATA_PREFIX.length)))
  } catch {
    return false
  }
}

/**
 * The SVG of an inline `<svg>`'s picture as a nested `<svg>` element placed at
 * `x`, `y` in a box of `width` × `height`, or undefined when it embeds no
 * raster picture (or has no size to scale from).
 */
export function nestedSVGWithPictures(
  src: string,
  box: {
    x: number
    y: number
    width: number
    height: number
    /** The inline `<svg>`'s; an `<img>`'s picture keeps its own (svg-picture-rasters). */
    preserveAspectRatio?: string
  }
): string | undefined {
  if (!src.startsWith(DATA_PREFIX)) return
  let svg: string
  try {
    svg = decodeURIComponent(src.slice(DATA_PREFIX.length))
  } catch {
    return
  }
  if (!RASTER.test(svg)) return
  const open = /^<svg\b([^>]*)>/.exec(svg)
  if (!open) return
  const attrs = open[1]
  const attr = (name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1]
  let viewBox = attr('viewBox')
  if (!viewBox) {
    const w = parseFloat(attr('width') ?? '')
    const h = parseFloat(attr('height') ?? '')
    if (!(w > 0 && h > 0)) return
    viewBox = `0 0 ${w} ${h}`
  }
  const preserveAspectRatio =
    box.preserveAspectRatio ?? attr('preserveAspectRatio') ?? 'xMidYMid meet'
  const kept = attrs
    .replace(/\s(?:width|height|viewBox|x|y|preserveAspectRatio)="[^"]*"/g, '')
    .trim()
  return `<svg ${kept} x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" viewBox="${viewBox}" preserveAspectRatio="${preserveAspectRatio}"${svg.slice(open[0].length - 1)}`
}
