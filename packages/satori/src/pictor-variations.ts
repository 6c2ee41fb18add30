/**
 * Pictor (variable-fonts): a variable font serves every instance CSS asks for. The axes of a face (`fvar`) are set
 * from the element's style as Chromium sets them — `wght` from font-weight, `wdth` from font-stretch, `ital` from
 * font-style: italic, `slnt` from an oblique angle, `opsz` from the font size (font-optical-sizing: auto) — then
 * font-variation-settings on top, each clamped to its axis. An instance shares the parsed font (cmap, metrics) and is
 * shaped by HarfBuzz with the variations set (advances from HVAR/gvar), and its outlines are drawn by HarfBuzz.
 */
import opentype from '@shuding/opentype.js'
import { getHarfBuzzFont } from './harfbuzz.js'

export type Axis = { tag: string; min: number; default: number; max: number }

/** Instances kept per face; past it they are made again (a page of many sizes of an `opsz` face). */
const MAX_INSTANCES = 64

const axesOfFont = new WeakMap<opentype.Font, Axis[]>()
const instancesOfFont = new WeakMap<opentype.Font, Map<string, opentype.Font>>()

/** The variation axes of a font, from its `fvar` table (none for a static font). */
export function variationAxes(font: opentype.Font): Axis[] {
  let axes = axesOfFont.get(font)
  if (axes) return axes
  axes = readFvar((font as any)._rawFontData)
  axesOfFont.set(font, axes)
  return axes
}

function readFvar(data: ArrayBuffer | undefined): Axis[] {
  if (!data || data.byteLength < 12) return []
  const view = new DataView(data)
  const count = view.getUint16(4)
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16
    if (record + 16 > data.byteLength) break
    if (view.getUint32(record) !== 0x66766172) continue
    const table = view.getUint32(record + 8)
    if (table + 16 > data.byteLength) return []
    const axesOffset = view.getUint16(table + 4)
    const axisCount = view.getUint16(table + 8)
    const axisSize = view.getUint16(table + 10)
    const axes: Axis[] = []
    for (let a = 0; a < axisCount; a++) {
      const at = table + axesOffset + a * axisSize
      if (at + 20 > data.byteLength) break
      const tag = String.fromCharCode(
        view.getUint8(at),
        view.getUint8(at + 1),
        view.getUint8(at + 2),
        view.getUint8(at + 3)
      )
      const fixed = (offset: number) => view.getInt32(at + offset) / 65536
      axes.push({ tag, min: fixed(4), default: fixed(8), max: fixed(12) })
    }
    return axes
  }
  return []
}

const STRETCH: Record<string, number> = {
  'ultra-condensed': 50,
  'extra-condensed': 62.5,
  condensed: 75,
  'semi-condensed': 87.5,
  normal: 100,
  'semi-expanded': 112.5,
  expanded: 125,
  'extra-expanded': 150,
  'ultra-expanded': 200,
}

/** `font-variation-settings` as axis values (`"wght" 650, "wdth" 80`). */
export function parseVariationSettings(value: unknown): Record<string, number> {
  const settings: Record<string, number> = {}
  if (typeof value !== 'string' || value.trim() === 'normal') return settings
  for (const part of value.split(',')) {
    const match = /^\s*["']([\x20-\x7e]{4})["']\s*(-?[\d.]+(?:e-?\d+)?)\s*$/i.exec(part)
    if (match) settings[match[1]] = Number(match[2])
  }
  return settings
}

/** The style that chooses a font's instance. */
export type VariationStyle = {
  fontWeight?: unknown
  fontStretch?: unknown
  fontStyle?: unknown
  fontOpticalSizing?: unknown
  fontVariationSettings?: unknown
}

/** The axis values CSS asks of a face with `axes` for this style, clamped to each axis. */
export function variationCoordinates(
  axes: Axis[],
  style: VariationStyle,
  fontSize: number,
  weightRange?: [number, number]
): Record<string, number> {
  const wanted: Record<string, number> = {}
  const weight =
    style.fontWeight === 'bold'
      ? 700
      : style.fontWeight === 'normal' || style.fontWeight === undefined
      ? 400
      : Number(style.fontWeight)
  // Clamped to the face's declared weights first (one weight: that one), as
  // Chrome does; then font-variation-settings may still set any value.
  if (Number.isFinite(weight)) {
    wanted.wght = weightRange
      ? Math.min(weightRange[1], Math.max(weightRange[0], weight))
      : weight
  }
  const stretch = String(style.fontStretch ?? 'normal').trim()
  const width = STRETCH[stretch] ?? Number.parseFloat(stretch)
  if (Number.isFinite(width)) wanted.wdth = width
  const fontStyle = String(style.fontStyle ?? 'normal').trim()
  if (fontStyle === 'italic') wanted.ital = 1
  const oblique = /^oblique(?:\s+(-?[\d.]+)deg)?$/.exec(fontStyle)
  if (oblique) wanted.slnt = -Number(oblique[1] ?? 14)
  if (style.fontOpticalSizing !== 'none' && fontSize > 0) wanted.opsz = fontSize
  Object.assign(wanted, parseVariationSettings(style.fontVariationSettings))
  const coordinates: Record<string, number> = {}
  for (const axis of axes) {
    const value = wanted[axis.tag]
    coordinates[axis.tag] =
      value === undefined
        ? axis.default
        : Math.min(axis.max, Math.max(axis.min, value))
  }
  return coordinates
}

/**
 * The instance of `font` for `style`: the font itself when it has no axes or the style asks for its default
 * instance, else an instance made once per set of axis values.
 */
export function variedFont(
  font: opentype.Font,
  style: VariationStyle,
  fontSize: number,
  weightRange?: [number, number]
): opentype.Font {
  if (!font) return font
  const axes = variationAxes(font)
  if (axes.length === 0) return font
  const coordinates = variationCoordinates(axes, style, fontSize, weightRange)
  if (axes.every((axis) => coordinates[axis.tag] === axis.default)) return font
  const key = axes.map((axis) => coordinates[axis.tag]).join(',')
  let instances = instancesOfFont.get(font)
  if (!instances) instancesOfFont.set(font, (instances = new Map()))
  let instance = instances.get(key)
  if (!instance) {
    instance = makeInstance(font, coordinates)
    if (instances.size >= MAX_INSTANCES) instances.clear()
    instances.set(key, instance)
  }
  return instance
}

function makeInstance(
  font: opentype.Font,
  coordinates: Record<string, number>
): opentype.Font {
  const instance = Object.create(font)
  instance._variations = coordinates
  // The face it is an instance of, for what is set per face (its advances).
  instance._pictorBase = font
  // What synthesis reads: an instance is as bold as its wght, italic when ital or slnt says so.
  instance._pictorWeight = coordinates.wght
  instance._pictorItalic = coordinates.ital >= 1 || coordinates.slnt < 0
  const glyphs = new Map<number, opentype.Glyph>()
  instance.glyphs = {
    length: font.glyphs.length,
    get(index: number) {
      let glyph = glyphs.get(index)
      if (glyph) return glyph
      const base = font.glyphs.get(index)
      const hbFont = getHarfBuzzFont(instance)
      const path = new opentype.Path()
      path.unitsPerEm = font.unitsPerEm
      path.commands = hbFont.glyphToJson(index).map(toCommand)
      glyph = new opentype.Glyph({
        index,
        name: base?.name,
        unicode: base?.unicode,
        advanceWidth: hbFont.glyphHAdvance(index),
        path,
      })
      glyphs.set(index, glyph)
      return glyph
    },
  }
  return instance
}

function toCommand({ type, values }: { type: string; values: number[] }) {
  switch (type) {
    case 'M':
    case 'L':
      return { type, x: values[0], y: values[1] }
    case 'Q':
      return { type, x1: values[0], y1: values[1], x: values[2], y: values[3] }
    case 'C':
      return {
        type,
        x1: values[0],
        y1: values[1],
        x2: values[2],
        y2: values[3],
        x: values[4],
        y: values[5],
      }
    default:
      return { type: 'Z' }
  }
}
