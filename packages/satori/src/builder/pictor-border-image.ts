/**
 * Pictor (border-image-gradient): `border-image` with a gradient source, as
 * Chromium draws it in place of the border: the gradient, as large as the
 * border box, is cut by `border-image-slice` into nine regions; the four
 * corners are drawn in the corners of the border, the four edges stretched
 * along its sides and the middle, with `fill`, over the padding box. satori
 * drew nothing for it (a frame of `border: 8px solid transparent;
 * border-image: linear-gradient(…) 1` was empty).
 *
 * Each region is the whole gradient drawn through an affine map that takes
 * its source rectangle onto its place, clipped to that place. `round`,
 * `repeat` and `space` are drawn stretched (for a gradient, a different
 * tiling only where the slice is large); a `url()` source is not drawn here
 * (the core turns it into `none`, with a warning).
 *
 * https://www.w3.org/TR/css-backgrounds-3/#border-images
 */
import { buildXMLString } from '../utils.js'
import backgroundImage from './background-image.js'

interface BorderImage {
  source: string
  /** Top, right, bottom, left: a number of image pixels or a percentage. */
  slice: string[]
  fill: boolean
  /** Top, right, bottom, left, as `border-image-width` gives them. */
  widths: string[]
  outsets: string[]
}

const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\(/i

/** The four sides of a 1–4 value list, as `margin` spreads them. */
function fourSides(values: string[]): string[] {
  const [a, b = a, c = a, d = b] = values
  return [a, b, c, d]
}

/** The leading function call of `text` (balanced parentheses) and the rest. */
function leadingFunction(text: string): [string, string] | undefined {
  const open = text.indexOf('(')
  if (open < 0) return undefined
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) {
      return [text.slice(0, i + 1), text.slice(i + 1)]
    }
  }
  return undefined
}

/** The element's border image when its source is a gradient. */
export function borderImageOf(
  style: Record<string, unknown>
): BorderImage | undefined {
  let source = String(style.borderImageSource ?? '').trim()
  let sliceText = String(style.borderImageSlice ?? '').trim()
  let widthText = String(style.borderImageWidth ?? '').trim()
  let outsetText = String(style.borderImageOutset ?? '').trim()
  const shorthand = String(style.borderImage ?? '').trim()
  if (shorthand && GRADIENT.test(shorthand)) {
    const split = leadingFunction(shorthand)
    if (!split) return undefined
    source = split[0]
    const [slicePart, widthPart = '', outsetPart = ''] = split[1].split('/')
    // Repeat keywords may follow the slices (or the widths or outsets).
    const strip = (s: string) =>
      s.replace(/\b(stretch|repeat|round|space)\b/gi, '').trim()
    sliceText = strip(slicePart) || sliceText
    widthText = strip(widthPart) || widthText
    outsetText = strip(outsetPart) || outsetText
  }
  if (!GRADIENT.test(source)) return undefined
  const sliceTokens = (sliceText || '100%').split(/\s+/)
  const fill = sliceTokens.some((t) => t.toLowerCase() === 'fill')
  const slice = fourSides(
    sliceTokens.filter((t) => t.toLowerCase() !== 'fill')
  )
  return {
    source,
    slice,
    fill,
    widths: fourSides((widthText || '1').split(/\s+/)),
    outsets: fourSides((outsetText || '0').split(/\s+/)),
  }
}

/** A slice in image pixels: a number is pixels, a percentage of `size`. */
function sliceLength(value: string, size: number) {
  const n = parseFloat(value)
  if (!Number.isFinite(n)) return 0
  return value.trim().endsWith('%') ? (n / 100) * size : n
}

/** A `border-image-width`: a number times the border width, a length, `auto`. */
function imageWidth(value: string, border: number, slice: number, size: number) {
  const v = value.trim()
  if (v === 'auto') return slice
  const n = parseFloat(v)
  if (!Number.isFinite(n)) return border
  if (v.endsWith('%')) return (n / 100) * size
  if (/[a-z]$/i.test(v)) return n
  return n * border
}

/**
 * The border image of a box at (`left`, `top`), or undefined when it has
 * none to draw (then the border is drawn as usual).
 */
export async function buildBorderImage(
  {
    id,
    left,
    top,
    width,
    height,
    matrix,
  }: {
    id: string
    left: number
    top: number
    width: number
    height: number
    matrix?: string
  },
  style: Record<string, unknown>,
  inheritableStyle: Record<string, number | string>
): Promise<string | undefined> {
  const image = borderImageOf(style)
  if (!image) return undefined
  const borders = ['Top', 'Right', 'Bottom', 'Left'].map(
    (side) => Number(style[`border${side}Width`]) || 0
  )
  const sizes = [height, width, height, width]
  const [st, sr, sb, sl] = image.slice.map((s, i) =>
    Math.min(sliceLength(s, sizes[i]), sizes[i])
  )
  const [wt, wr, wb, wl] = image.widths.map((w, i) =>
    imageWidth(w, borders[i], [st, sr, sb, sl][i], sizes[i])
  )
  const [ot, or, ob, ol] = image.outsets.map((o, i) =>
    imageWidth(o, borders[i], 0, sizes[i])
  )
  // The border image area: the border box grown by the outsets.
  const x0 = left - ol
  const y0 = top - ot
  const w = width + ol + or
  const h = height + ot + ob
  if (w <= 0 || h <= 0) return undefined

  const gradient = await backgroundImage(
    { id: `${id}_bimg`, width: w, height: h, left: 0, top: 0 },
    { image: image.source, size: '100% 100%', position: '0 0', repeat: 'no-repeat' } as any,
    inheritableStyle
  )
  if (!gradient) return undefined
  const [patternId, patternDefs] = gradient

  // Source and destination edges along each axis: start, after the start
  // slice, before the end slice, end.
  const srcX = [0, sl, w - sr, w]
  const srcY = [0, st, h - sb, h]
  const dstX = [0, wl, w - wr, w]
  const dstY = [0, wt, h - wb, h]
  let defs = patternDefs
  let regions = ''
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      if (row === 1 && col === 1 && !image.fill) continue
      const sw = srcX[col + 1] - srcX[col]
      const sh = srcY[row + 1] - srcY[row]
      const dw = dstX[col + 1] - dstX[col]
      const dh = dstY[row + 1] - dstY[row]
      if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) continue
      const kx = dw / sw
      const ky = dh / sh
      const ex = x0 + dstX[col] - srcX[col] * kx
      const ey = y0 + dstY[row] - srcY[row] * ky
      const clipId = `satori_bimg_c${id}_${row}${col}`
      defs += buildXMLString(
        'clipPath',
        { id: clipId },
        buildXMLString('rect', {
          x: x0 + dstX[col],
          y: y0 + dstY[row],
          width: dw,
          height: dh,
        })
      )
      regions += buildXMLString(
        'g',
        { 'clip-path': `url(#${clipId})` },
        buildXMLString('rect', {
          x: 0,
          y: 0,
          width: w,
          height: h,
          fill: `url(#${patternId})`,
          transform: `matrix(${kx} 0 0 ${ky} ${ex} ${ey})`,
        })
      )
    }
  }
  if (!regions) return undefined
  return (
    buildXMLString('defs', {}, defs) +
    buildXMLString('g', { transform: matrix || undefined }, regions)
  )
}
