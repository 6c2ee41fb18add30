/**
 * A face's latin metrics per script (aflatin.c: af_latin_metrics_init_widths, _init_blues) and their scaling to a
 * pixel size (af_latin_metrics_scale_dim, vertical axis): the standard stem width, the blue zones (reference and
 * overshoot heights from the script's blue characters) and, per size, the y scale fitted so that the x-height
 * lands on the grid and the zones fitted to whole pixels.
 */
import { mulDiv, mulFix, pixRound } from './fixed.js'
import {
  DIR_LEFT,
  DIR_RIGHT,
  FLAG_CONTROL,
  analyzePoints,
  isPostScriptOrientation,
  outlineFromCommands,
  type HintOutline,
} from './points.js'
import { BLUE_LONG, BLUE_NEUTRAL, BLUE_SUB_TOP, BLUE_TOP, BLUE_X_HEIGHT, type LatinScript } from './scripts.js'
import { computeSegments, linkSegments, type BlueWidth } from './segments.js'

/** A blue zone: reference and overshoot positions, flags, and the extent of its characters. */
export interface Blue {
  ref: BlueWidth
  shoot: BlueWidth
  flags: number
  ascender: number
  descender: number
  active: boolean
}

/** A face's unscaled metrics for one script. */
export interface LatinMetrics {
  unitsPerEm: number
  widths: number[]
  standardWidth: number
  edgeDistanceThreshold: number
  blues: Blue[]
}

/** The metrics scaled to one size: the (possibly adjusted) y scale, the blues fitted, and scaled widths. */
export interface ScaledMetrics {
  scale: number
  blues: Blue[]
  extraLight: boolean
  /** The largest standard width (font units; 0: none), for linking segments. */
  maxWidth: number
  /** Font units under which segments share an edge. */
  edgeDistanceThreshold: number
}

/** What the hinter needs from a font (opentype.js). */
export interface FaceLike {
  unitsPerEm: number
  charToGlyph(ch: string): { index: number; path: { commands: any[] } } | undefined | null
}

/** The outline of a character's glyph, or null if the face lacks it. */
export function charOutline(font: FaceLike, ch: string): HintOutline | null {
  const glyph = font.charToGlyph(ch)
  if (!glyph || !glyph.index) return null
  return outlineFromCommands(glyph.path.commands)
}

function standardWidths(font: FaceLike, script: LatinScript): number[] {
  const upem = font.unitsPerEm
  for (const ch of script.standard) {
    const outline = charOutline(font, ch)
    if (!outline) continue
    analyzePoints(outline, upem)
    const major = isPostScriptOrientation(outline) ? DIR_RIGHT : DIR_LEFT
    const segments = computeSegments(outline, major, upem)
    linkSegments(segments, major, upem, 0)
    const widths: number[] = []
    segments.forEach((seg, i) => {
      const link = seg.link
      if (link && link.link === seg && segments.indexOf(link) > i) {
        if (widths.length < 16) widths.push(Math.abs(seg.pos - link.pos))
      }
    })
    return quantizeWidths(widths, Math.trunc(upem / 100))
  }
  return []
}

/** af_sort_and_quantize_widths. */
function quantizeWidths(table: number[], threshold: number): number[] {
  const count = table.length
  if (count <= 1) return table
  table.sort((a, b) => a - b)
  let curIdx = 0
  let curVal = table[0]
  for (let i = 1; i < count; i++) {
    if (table[i] - curVal > threshold || i === count - 1) {
      let sum = 0
      if (table[i] - curVal <= threshold && i === count - 1) i++
      let j: number
      for (j = curIdx; j < i; j++) {
        sum += table[j]
        table[j] = 0
      }
      table[curIdx] = Math.trunc(sum / j)
      if (i < count - 1) {
        curIdx = i + 1
        curVal = table[curIdx]
      }
    }
  }
  const out = [table[0]]
  for (let i = 1; i < count; i++) if (table[i]) out.push(table[i])
  return out
}

/** The extremum of one character for a blue string: its y and whether it is round, or null. */
function blueExtremum(outline: HintOutline, flags: number, upem: number) {
  const top = (flags & (BLUE_TOP | BLUE_SUB_TOP)) !== 0
  const pts = outline.points
  let bestPoint = -1
  let bestY = 0
  let bestFirst = -1
  let bestLast = -1
  let ascender = 0
  let descender = 0
  for (let c = 0; c < outline.contours.length; c++) {
    const first = outline.contours[c]
    const last = (c + 1 < outline.contours.length ? outline.contours[c + 1] : pts.length) - 1
    if (last <= first) continue
    for (let pp = first; pp <= last; pp++) {
      const y = pts[pp].fy
      if (top) {
        if (bestPoint < 0 || y > bestY) {
          bestPoint = pp
          bestY = y
          ascender = Math.max(ascender, y)
        } else descender = Math.min(descender, y)
      } else if (bestPoint < 0 || y < bestY) {
        bestPoint = pp
        bestY = y
        descender = Math.min(descender, y)
      } else ascender = Math.max(ascender, y)
    }
    if (bestPoint > bestLast) {
      bestFirst = first
      bestLast = last
    }
  }
  if (bestPoint < 0) return null
  const isOn = (i: number) => !(pts[i].flags & FLAG_CONTROL)
  const bestX = pts[bestPoint].fx
  let segFirst = bestPoint
  let segLast = bestPoint
  let onFirst = isOn(bestPoint) ? bestPoint : -1
  let onLast = onFirst
  let prev = bestPoint
  let next = bestPoint
  do {
    prev = prev > bestFirst ? prev - 1 : bestLast
    const dist = Math.abs(pts[prev].fy - bestY)
    if (dist > 5 && Math.abs(pts[prev].fx - bestX) <= 20 * dist) break
    segFirst = prev
    if (isOn(prev)) {
      onFirst = prev
      if (onLast < 0) onLast = prev
    }
  } while (prev !== bestPoint)
  do {
    next = next < bestLast ? next + 1 : bestFirst
    const dist = Math.abs(pts[next].fy - bestY)
    if (dist > 5 && Math.abs(pts[next].fx - bestX) <= 20 * dist) break
    segLast = next
    if (isOn(next)) {
      onLast = next
      if (onFirst < 0) onFirst = next
    }
  } while (next !== bestPoint)
  // (BLUE_LONG is used by scripts Pictor does not hint yet.)
  const flatThreshold = Math.trunc(upem / 14)
  let round: boolean
  if (onFirst >= 0 && onLast >= 0 && Math.abs(pts[onLast].fx - pts[onFirst].fx) > flatThreshold) round = false
  else round = !isOn(segFirst) || !isOn(segLast)
  return { y: bestY, round, ascender, descender }
}

function initBlues(font: FaceLike, script: LatinScript): Blue[] {
  const upem = font.unitsPerEm
  const blues: Blue[] = []
  for (const [text, flags] of script.blues) {
    if (flags & BLUE_LONG) continue
    const top = (flags & (BLUE_TOP | BLUE_SUB_TOP)) !== 0
    const flats: number[] = []
    const rounds: number[] = []
    let ascender = 0
    let descender = 0
    for (const ch of text.split(' ')) {
      if (!ch) continue
      const outline = charOutline(font, ch)
      if (!outline || outline.points.length <= 2) continue
      const e = blueExtremum(outline, flags, upem)
      if (!e) continue
      ascender = Math.max(ascender, e.ascender)
      descender = Math.min(descender, e.descender)
      if (e.round && flags & BLUE_NEUTRAL) continue
      if (e.round) rounds.push(e.y)
      else flats.push(e.y)
    }
    if (flats.length === 0 && rounds.length === 0) continue
    rounds.sort((a, b) => a - b)
    flats.sort((a, b) => a - b)
    let ref: number
    let shoot: number
    if (flats.length === 0) ref = shoot = rounds[rounds.length >> 1]
    else if (rounds.length === 0) ref = shoot = flats[flats.length >> 1]
    else {
      ref = flats[flats.length >> 1]
      shoot = rounds[rounds.length >> 1]
    }
    if (shoot !== ref && top !== shoot > ref) ref = shoot = Math.trunc((shoot + ref) / 2)
    blues.push({
      ref: { org: ref, cur: 0, fit: 0 },
      shoot: { org: shoot, cur: 0, fit: 0 },
      flags,
      ascender,
      descender,
      active: false,
    })
  }
  // Zones must not overlap: sorted from bottom to top, a zone's top is at most the next one's.
  const isTop = (b: Blue) => (b.flags & (BLUE_TOP | BLUE_SUB_TOP)) !== 0
  const sorted = blues.slice()
  for (let i = 1; i < sorted.length; i++) {
    for (let j = i; j > 0; j--) {
      const a = isTop(sorted[j - 1]) ? sorted[j - 1].ref.org : sorted[j - 1].shoot.org
      const b = isTop(sorted[j]) ? sorted[j].ref.org : sorted[j].shoot.org
      if (b >= a) break
      ;[sorted[j], sorted[j - 1]] = [sorted[j - 1], sorted[j]]
    }
  }
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = isTop(sorted[i]) ? sorted[i].shoot : sorted[i].ref
    const b = isTop(sorted[i + 1]) ? sorted[i + 1].shoot : sorted[i + 1].ref
    if (a.org > b.org) a.org = b.org
  }
  return blues
}

/** A face's metrics for `script`, or null if the face has none of its blue characters (no hinting then). */
export function latinMetrics(font: FaceLike, script: LatinScript): LatinMetrics | null {
  const blues = initBlues(font, script)
  if (blues.length === 0) return null
  const widths = standardWidths(font, script)
  const standardWidth = widths.length > 0 ? widths[0] : Math.trunc((50 * font.unitsPerEm) / 2048)
  return {
    unitsPerEm: font.unitsPerEm,
    widths,
    standardWidth,
    edgeDistanceThreshold: Math.trunc(standardWidth / 5),
    blues,
  }
}

/** af_latin_metrics_scale_dim for the vertical axis, at `scale` (16.16, font units to 26.6 pixels). */
export function scaleMetrics(metrics: LatinMetrics, scale: number): ScaledMetrics {
  const xHeight = metrics.blues.find((b) => b.flags & BLUE_X_HEIGHT)
  if (xHeight) {
    const scaled = mulFix(xHeight.shoot.org, scale)
    const fitted = Math.floor((scaled + 40) / 64) * 64
    if (scaled !== fitted) {
      const newScale = mulDiv(scale, fitted, scaled)
      let maxHeight = metrics.unitsPerEm
      for (const b of metrics.blues) maxHeight = Math.max(maxHeight, b.ascender, -b.descender)
      const dist = mulFix(maxHeight, newScale - scale)
      if (-128 < dist && dist < 128) scale = newScale
    }
  }
  const blues: Blue[] = metrics.blues.map((b) => {
    const blue: Blue = {
      ref: { org: b.ref.org, cur: mulFix(b.ref.org, scale), fit: 0 },
      shoot: { org: b.shoot.org, cur: mulFix(b.shoot.org, scale), fit: 0 },
      flags: b.flags,
      ascender: b.ascender,
      descender: b.descender,
      active: false,
    }
    blue.ref.fit = blue.ref.cur
    blue.shoot.fit = blue.shoot.cur
    const dist = mulFix(b.ref.org - b.shoot.org, scale)
    if (dist <= 48 && dist >= -48) {
      let delta2 = Math.abs(dist)
      if (delta2 < 32) delta2 = 0
      else if (delta2 < 48) delta2 = 32
      else delta2 = 64
      if (dist < 0) delta2 = -delta2
      blue.ref.fit = pixRound(blue.ref.cur)
      blue.shoot.fit = blue.ref.fit - delta2
      blue.active = true
    }
    return blue
  })
  for (const blue of blues) {
    if (!(blue.flags & BLUE_SUB_TOP) || !blue.active) continue
    for (const b of blues) {
      if (b.flags & BLUE_SUB_TOP || !b.active) continue
      if (b.ref.fit <= blue.shoot.fit && b.shoot.fit >= blue.ref.fit) {
        blue.active = false
        break
      }
    }
  }
  return {
    scale,
    blues,
    extraLight: mulFix(metrics.standardWidth, scale) < 32 + 8,
    maxWidth: metrics.widths.length > 0 ? metrics.widths[metrics.widths.length - 1] : 0,
    edgeDistanceThreshold: metrics.edgeDistanceThreshold,
  }
}
