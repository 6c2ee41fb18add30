/**
 * Pictor (vertical-writing): glyph outlines written into SVG path data through
 * an affine map, so vertical text is drawn upright or turned sideways without
 * a `transform` per glyph.
 */
import type opentype from '@shuding/opentype.js'
import type { Piece } from './pictor-vertical-runs.js'
import { verticalMetrics } from '../pictor-line-metrics.js'

/**
 * An affine map from font units (y up) to the image: a point (gx, gy) goes to
 * (e + a·gx + c·gy, f + b·gx + d·gy).
 */
export type GlyphMatrix = [
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number
]

const round = (value: number) => Math.round(value * 100) / 100

/**
 * A glyph's outline mapped by a matrix without its translation, as path
 * data whose first point is absolute and the rest relative to it (so it can
 * be reused wherever the glyph is placed), with that first point apart.
 */
interface RelativeOutline {
  x: number
  y: number
  data: string
}

const outlines = new WeakMap<object, Map<string, RelativeOutline>>()
const MAX_OUTLINES_PER_GLYPH = 16

function relativeOutline(
  commands: any[],
  a: number,
  b: number,
  c: number,
  d: number
): RelativeOutline {
  // Rounded positions first, then their differences: placed at a whole
  // pixel, the glyph has exactly the rounded absolute coordinates.
  const x = (gx: number, gy: number) => round(a * gx + c * gy)
  const y = (gx: number, gy: number) => round(b * gx + d * gy)
  let cx = 0
  let cy = 0
  let sx = 0
  let sy = 0
  let first: [number, number] | undefined
  let data = ''
  const rel = (px: number, py: number) =>
    `${round(px - cx)} ${round(py - cy)}`
  for (const cmd of commands) {
    switch (cmd.type) {
      case 'M':
      case 'L': {
        const px = x(cmd.x, cmd.y)
        const py = y(cmd.x, cmd.y)
        if (!first) first = [px, py]
        else data += `${cmd.type === 'M' ? 'm' : 'l'}${rel(px, py)}`
        cx = px
        cy = py
        if (cmd.type === 'M') {
          sx = px
          sy = py
        }
        break
      }
      case 'Q': {
        const px = x(cmd.x, cmd.y)
        const py = y(cmd.x, cmd.y)
        data += `q${rel(x(cmd.x1, cmd.y1), y(cmd.x1, cmd.y1))} ${rel(px, py)}`
        cx = px
        cy = py
        break
      }
      case 'C': {
        const px = x(cmd.x, cmd.y)
        const py = y(cmd.x, cmd.y)
        data += `c${rel(x(cmd.x1, cmd.y1), y(cmd.x1, cmd.y1))} ${rel(
          x(cmd.x2, cmd.y2),
          y(cmd.x2, cmd.y2)
        )} ${rel(px, py)}`
        cx = px
        cy = py
        break
      }
      case 'Z':
        data += 'z'
        cx = sx
        cy = sy
        break
    }
  }
  return { x: first?.[0] ?? 0, y: first?.[1] ?? 0, data }
}

/**
 * The SVG path data of a glyph's outline mapped by `m`. Each outline is
 * written once per size and orientation and reused wherever it is placed.
 */
export function glyphPathThrough(
  glyph: opentype.Glyph | undefined,
  m: GlyphMatrix
): string {
  const commands = glyph?.path?.commands as any[] | undefined
  if (!glyph || !commands?.length || commands[0].type !== 'M') return ''
  const [a, b, c, d, e, f] = m
  let cache = outlines.get(glyph)
  if (!cache) outlines.set(glyph, (cache = new Map()))
  const key = `${a},${b},${c},${d}`
  let outline = cache.get(key)
  if (!outline) {
    if (cache.size >= MAX_OUTLINES_PER_GLYPH) cache.clear()
    outline = relativeOutline(commands, a, b, c, d)
    cache.set(key, outline)
  }
  return `M${round(e + outline.x)} ${round(f + outline.y)}${outline.data}`
}

/** The scale from a glyph's path units to px at `fontSize`. */
export function pathScale(glyph: opentype.Glyph | undefined, fontSize: number) {
  return fontSize / ((glyph?.path as any)?.unitsPerEm || 1000)
}

/** The top side bearings of a font's glyphs (`vmtx`), or undefined without one. */
const topSideBearings = new WeakMap<opentype.Font, Int16Array | null>()

function readTopSideBearings(font: opentype.Font): Int16Array | null {
  const raw = (font as any)._rawFontData as ArrayBuffer | undefined
  if (!raw) return null
  const view = new DataView(raw)
  const count = view.getUint16(4)
  let vhea = -1
  let vmtx = -1
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i
    const tag = String.fromCharCode(
      view.getUint8(at),
      view.getUint8(at + 1),
      view.getUint8(at + 2),
      view.getUint8(at + 3)
    )
    if (tag === 'vhea') vhea = view.getUint32(at + 8)
    else if (tag === 'vmtx') vmtx = view.getUint32(at + 8)
  }
  if (vhea < 0 || vmtx < 0) return null
  const longMetrics = view.getUint16(vhea + 34)
  const glyphs = font.numGlyphs || longMetrics
  const bearings = new Int16Array(glyphs)
  for (let g = 0; g < glyphs; g++) {
    bearings[g] =
      g < longMetrics
        ? view.getInt16(vmtx + 4 * g + 2)
        : view.getInt16(vmtx + 4 * longMetrics + 2 * (g - longMetrics))
  }
  return bearings
}

/**
 * A glyph's vertical origin in font units, from its horizontal origin: the
 * middle of its advance, and its top side bearing above its top (`vmtx`), or
 * the font's ascender without one, as HarfBuzz and Chromium place it; and the
 * glyph's top (yMax).
 */
export function verticalOrigin(
  font: opentype.Font,
  glyphId: number
): [x: number, y: number, top: number] {
  let bearings = topSideBearings.get(font)
  if (bearings === undefined) {
    try {
      bearings = readTopSideBearings(font)
    } catch {
      bearings = null
    }
    topSideBearings.set(font, bearings)
  }
  const glyph = font.glyphs.get(glyphId) as any
  const x = (glyph?.advanceWidth ?? font.unitsPerEm) / 2
  if (!bearings || glyphId >= bearings.length) {
    return [x, font.ascender, font.ascender]
  }
  // opentype.js reads a glyph's bounds with its outline, on first use.
  const commands = glyph?.path?.commands as { y?: number }[] | undefined
  let yMax = glyph?.yMax
  if (typeof yMax !== 'number') {
    yMax = 0
    for (const c of commands ?? []) {
      if (typeof c.y === 'number') yMax = Math.max(yMax, c.y)
    }
  }
  return [x, bearings[glyphId] + yMax, yMax]
}

/**
 * The line of a column that upright glyphs are centred on, as Chromium places
 * it with whole-pixel font metrics: below the line-over edge (the right one,
 * in both vertical modes) by half of the leading and half of the font's
 * height, each floored, where the height is its ascent and descent rounded.
 */
function uprightCentre(
  font: opentype.Font,
  fontSize: number,
  right: number,
  columnWidth: number
) {
  const { ascender, descender } = verticalMetrics(font)
  const ascent = Math.round((ascender / font.unitsPerEm) * fontSize)
  const descent = Math.round((-descender / font.unitsPerEm) * fontSize)
  const height = ascent + descent
  return (
    right - Math.floor((columnWidth - height) / 2) - Math.floor(height / 2)
  )
}

/**
 * The outlines of a piece whose start is at `pen` on the column at `center`,
 * whose right edge is at `right`.
 */
export function drawPiece(
  piece: Piece,
  center: number,
  pen: number,
  right: number,
  columnWidth: number
): string {
  const { fontSize, whole } = piece.style
  let d = ''
  if (piece.orientation === 'upright') {
    // HarfBuzz's offsets for top-to-bottom text are from the vertical origin,
    // the middle of the top of the glyph's vertical advance (harfbuzzjs's
    // build doesn't move them to the horizontal origin). With whole-pixel
    // metrics (fonts found locally), Chromium places each glyph on whole
    // pixels, its top from the glyph's bounds rounded out (Skia's bounds
    // without sub-pixel positioning).
    let y = pen
    for (const part of piece.parts) {
      const { font, glyphs } = part
      const scale = fontSize / font.unitsPerEm
      const axis = whole
        ? uprightCentre(font, fontSize, right, columnWidth)
        : center
      for (const [i, g] of glyphs.entries()) {
        y -= part.trimStart?.[i] ?? 0
        const glyph = font.glyphs.get(g.g)
        const s = pathScale(glyph, fontSize)
        const [ox, oy, top] = verticalOrigin(font, g.g)
        let gx = axis + (g.dx - ox) * scale
        let gy = y + (oy - g.dy) * scale
        if (whole) {
          gx = Math.ceil(gx - 0.5)
          gy = Math.round(y + (oy - top - g.dy) * scale + Math.ceil(top * scale))
        }
        d += glyphPathThrough(glyph, [s, 0, 0, -s, gx, gy])
        y -= g.ay * scale + (part.trimEnd?.[i] ?? 0)
      }
    }
    return d
  }
  if (piece.orientation === 'combine') {
    const squeeze = piece.squeeze ?? 1
    let x = center - (piece.width ?? 0) / 2
    for (const { font, glyphs } of piece.parts) {
      const scale = fontSize / font.unitsPerEm
      const { ascender, descender } = verticalMetrics(font)
      const ascent = (ascender / font.unitsPerEm) * fontSize
      const descent = (-descender / font.unitsPerEm) * fontSize
      // The middle of its ascent and descent at the middle of the em.
      const baseline = pen + fontSize / 2 + (ascent - descent) / 2
      for (const g of glyphs) {
        const glyph = font.glyphs.get(g.g)
        const s = pathScale(glyph, fontSize)
        const m: GlyphMatrix = [
          s * squeeze,
          0,
          0,
          -s,
          x + g.dx * scale * squeeze,
          baseline - g.dy * scale,
        ]
        d += glyphPathThrough(glyph, m)
        x += g.ax * scale * squeeze
      }
    }
    return d
  }
  // Sideways: turned 90° clockwise, the tops of the glyphs to the right,
  // the middle of their ascent and descent on the column's centre line.
  let u = pen
  for (const { font, glyphs } of piece.parts) {
    const scale = fontSize / font.unitsPerEm
    const { ascender, descender } = verticalMetrics(font)
    const ascent = (ascender / font.unitsPerEm) * fontSize
    const descent = (-descender / font.unitsPerEm) * fontSize
    const baseline = center - (ascent - descent) / 2
    for (const g of glyphs) {
      const glyph = font.glyphs.get(g.g)
      const s = pathScale(glyph, fontSize)
      const m: GlyphMatrix = [
        0,
        s,
        s,
        0,
        baseline + g.dy * scale,
        u + g.dx * scale,
      ]
      d += glyphPathThrough(glyph, m)
      // Pictor (vertical-latin-text): with whole-pixel metrics, each advance
      // rounded, as the piece was measured (and as Chromium sets such faces):
      // fractional advances ran a long word into the space after it.
      u += whole ? Math.round(g.ax * scale) : g.ax * scale
    }
  }
  return d
}

