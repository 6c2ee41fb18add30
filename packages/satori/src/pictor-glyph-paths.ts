/**
 * Pictor's glyph outline writers (speed only: the same path data as satori's glyphPathData in font.ts).
 * glyph-path-numbers: glyphPathTenths. glyph-path-cache: glyphPath, which writes a glyph's outline once per font
 * size, slant and sub-pixel offset and keeps it: the first point where the glyph stands, the rest as relative
 * commands (`l`, `q`, `c`, `m`) that are the same wherever it stands; a line to the point it starts from is left
 * out. Tenths are counted from the whole pixels of x and y (`Math.round` is the same from any whole pixel), so
 * one entry serves every position. A glyph reaching left of or above the origin is written as before.
 */
import type opentype from '@shuding/opentype.js'
import { tenths, tenthsText } from './pictor-numbers.js'

/** glyphPathData's text, its numbers written by tenths (glyph-path-numbers). */
export function glyphPathTenths(
  commands: opentype.Path['commands'],
  x: number,
  y: number,
  scale: number,
  skew: number
) {
  const px = (cx: number, cy: number) => tenths(x + (cx + skew * cy) * scale)
  const py = (cy: number) => tenths(y - cy * scale)
  let data = ''
  for (const command of commands) {
    switch (command.type) {
      case 'M':
      case 'L':
        data += command.type + px(command.x, command.y) + ' ' + py(command.y)
        break
      case 'Q':
        data +=
          'Q' + px(command.x1, command.y1) + ' ' + py(command.y1) + ' ' +
          px(command.x, command.y) + ' ' + py(command.y)
        break
      case 'C':
        data +=
          'C' + px(command.x1, command.y1) + ' ' + py(command.y1) + ' ' +
          px(command.x2, command.y2) + ' ' + py(command.y2) + ' ' +
          px(command.x, command.y) + ' ' + py(command.y)
        break
      case 'Z':
        data += 'Z'
        break
    }
  }
  return data
}


/** A cached outline: its first point and relative rest in tenths, and its lowest tenths (off-canvas check). */
type GlyphTail = { x0: number; y0: number; t: string; mx: number; my: number }

/** Entries kept (a few MB of path data at most): past that the cache starts again. */
const GLYPH_PATH_ENTRIES = 8192

/** glyph → px per font unit → [slant, x fraction, y fraction, entry, ...]. */
let glyphTails = new Map<opentype.Glyph, Map<number, unknown[]>>()
let glyphTailCount = 0

function glyphTail(
  glyph: opentype.Glyph,
  xFraction: number,
  yFraction: number,
  scale: number,
  skew: number
): GlyphTail | null {
  const X = (x: number, y: number) =>
    Math.round((xFraction + (x + skew * y) * scale) * 10)
  const Y = (y: number) => Math.round((yFraction - y * scale) * 10)
  let t = ''
  let px = 0
  let py = 0
  let sx = 0
  let sy = 0
  let x0 = 0
  let y0 = 0
  let first = true
  let mx = 0
  let my = 0
  const at = (x: number, y: number) => {
    if (x < mx) mx = x
    if (y < my) my = y
  }
  for (const o of glyph.path.commands as any[]) {
    switch (o.type) {
      case 'M': {
        const x = X(o.x, o.y)
        const y = Y(o.y)
        at(x, y)
        if (first) {
          x0 = x
          y0 = y
          first = false
        } else {
          t += 'm' + tenthsText(x - sx) + ' ' + tenthsText(y - sy)
        }
        px = sx = x
        py = sy = y
        break
      }
      case 'L': {
        const x = X(o.x, o.y)
        const y = Y(o.y)
        if (x === px && y === py) break
        at(x, y)
        t += 'l' + tenthsText(x - px) + ' ' + tenthsText(y - py)
        px = x
        py = y
        break
      }
      case 'Q': {
        const x1 = X(o.x1, o.y1)
        const y1 = Y(o.y1)
        const x = X(o.x, o.y)
        const y = Y(o.y)
        at(x1, y1)
        at(x, y)
        t +=
          'q' + tenthsText(x1 - px) + ' ' + tenthsText(y1 - py) + ' ' +
          tenthsText(x - px) + ' ' + tenthsText(y - py)
        px = x
        py = y
        break
      }
      case 'C': {
        const x1 = X(o.x1, o.y1)
        const y1 = Y(o.y1)
        const x2 = X(o.x2, o.y2)
        const y2 = Y(o.y2)
        const x = X(o.x, o.y)
        const y = Y(o.y)
        at(x1, y1)
        at(x2, y2)
        at(x, y)
        t +=
          'c' + tenthsText(x1 - px) + ' ' + tenthsText(y1 - py) + ' ' +
          tenthsText(x2 - px) + ' ' + tenthsText(y2 - py) + ' ' +
          tenthsText(x - px) + ' ' + tenthsText(y - py)
        px = x
        py = y
        break
      }
      case 'Z':
        t += 'Z'
        px = sx
        py = sy
        break
    }
  }
  return first ? null : { x0, y0, t, mx, my }
}

/** The cached outline of `glyph` at these fractions, size and slant (made on first use). */
export function glyphEntry(
  glyph: opentype.Glyph,
  xFraction: number,
  yFraction: number,
  scale: number,
  skew: number
): GlyphTail | null {
  let sizes = glyphTails.get(glyph)
  if (!sizes) {
    sizes = new Map()
    glyphTails.set(glyph, sizes)
  }
  let list = sizes.get(scale)
  if (!list) {
    list = []
    sizes.set(scale, list)
  }
  for (let k = 0; k < list.length; k += 4) {
    if (list[k] === skew && list[k + 1] === xFraction && list[k + 2] === yFraction) {
      return list[k + 3] as GlyphTail | null
    }
  }
  if (++glyphTailCount > GLYPH_PATH_ENTRIES) {
    glyphTails = new Map()
    glyphTailCount = 1
    sizes = new Map()
    glyphTails.set(glyph, sizes)
    list = []
    sizes.set(scale, list)
  }
  const entry = glyphTail(glyph, xFraction, yFraction, scale, skew)
  list.push(skew, xFraction, yFraction, entry)
  return entry
}

/**
 * `glyph`'s outline at (x, y) as glyphPathTenths writes it, in tenths of a pixel: from the cache, the first point
 * absolute and the rest relative.
 */
export function glyphPath(
  glyph: opentype.Glyph,
  x: number,
  y: number,
  scale: number,
  skew = 0
): string {
  const xi = Math.floor(x)
  const yi = Math.floor(y)
  const entry = glyphEntry(glyph, x - xi, y - yi, scale, skew)
  if (entry === null) return ''
  if (xi * 10 + entry.mx < 0 || yi * 10 + entry.my < 0) {
    return glyphPathTenths(glyph.path.commands, x, y, scale, skew)
  }
  return 'M' + tenthsText(xi * 10 + entry.x0) + ' ' + tenthsText(yi * 10 + entry.y0) + entry.t
}

/**
 * Pictor (glyph-runs): `glyph` as data, three entries of `run`: its start in tenths and its relative outline
 * (glyphPath's cache entry), or NaN, NaN and the absolute path data glyphPath would give. Returns ''.
 */
export function glyphRecord(
  run: unknown[],
  glyph: opentype.Glyph,
  x: number,
  y: number,
  scale: number,
  skew = 0
): string {
  const xi = Math.floor(x)
  const yi = Math.floor(y)
  const entry = glyphEntry(glyph, x - xi, y - yi, scale, skew)
  if (entry === null) return ''
  if (xi * 10 + entry.mx < 0 || yi * 10 + entry.my < 0) {
    run.push(NaN, NaN, glyphPathTenths(glyph.path.commands, x, y, scale, skew))
  } else {
    run.push(xi * 10 + entry.x0, yi * 10 + entry.y0, entry.t)
  }
  return ''
}
