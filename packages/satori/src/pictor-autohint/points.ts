/**
 * The auto-hinter's view of an outline (afhints.c, af_glyph_hints_reload): points with their on/off-curve kind,
 * contour neighbours, in and out directions, and the weak/strong classification. Built from opentype.js path
 * commands; a quadratic contour's implied on-curve points (midpoints between two control points, which
 * opentype.js writes out) are dropped again, so the points are the font's own as FreeType sees them.
 */
import { cornerIsFlat } from './fixed.js'

export const DIR_NONE = 4
export const DIR_RIGHT = 1
export const DIR_LEFT = -1
export const DIR_UP = 2
export const DIR_DOWN = -2

export const FLAG_CONIC = 1
export const FLAG_CUBIC = 2
export const FLAG_CONTROL = 3
export const FLAG_TOUCH_Y = 8
export const FLAG_WEAK = 16
export const FLAG_NEAR = 32

/** One outline point: font units (fx, fy), scaled and hinted 26.6 y (oy, y), links and flags. */
export interface HintPoint {
  fx: number
  fy: number
  /** The original x in font units, unrounded (the horizontal axis is not hinted). */
  ux: number
  uy: number
  oy: number
  y: number
  flags: number
  inDir: number
  outDir: number
  prev: number
  next: number
  /** Scratch values (index deltas, then positions), as FreeType abuses them. */
  u: number
  v: number
}

/** An outline: its points in contour order and each contour's first point. */
export interface HintOutline {
  points: HintPoint[]
  contours: number[]
}

type Command = { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number }

function newPoint(x: number, y: number, flags: number): HintPoint {
  return {
    fx: Math.round(x),
    fy: Math.round(y),
    ux: x,
    uy: y,
    oy: 0,
    y: 0,
    flags,
    inDir: DIR_NONE,
    outDir: DIR_NONE,
    prev: 0,
    next: 0,
    u: 0,
    v: 0,
  }
}

/** The points of `commands` (font units, y up), or null for an empty outline. */
export function outlineFromCommands(commands: readonly Command[]): HintOutline | null {
  const points: HintPoint[] = []
  const contours: number[] = []
  let start = -1
  const close = () => {
    if (start < 0) return
    // A closing point equal to the contour's first is not a point of its own.
    if (points.length - start > 1) {
      const a = points[start]
      const b = points[points.length - 1]
      if (!(b.flags & FLAG_CONTROL) && a.ux === b.ux && a.uy === b.uy) points.pop()
    }
    if (points.length - start < 1) {
      start = -1
      return
    }
    contours.push(start)
    start = -1
  }
  for (const c of commands) {
    switch (c.type) {
      case 'M':
        close()
        start = points.length
        points.push(newPoint(c.x!, c.y!, 0))
        break
      case 'L':
        if (start < 0) start = points.length
        points.push(newPoint(c.x!, c.y!, 0))
        break
      case 'Q':
        if (start < 0) start = points.length
        points.push(newPoint(c.x1!, c.y1!, FLAG_CONIC))
        points.push(newPoint(c.x!, c.y!, 0))
        break
      case 'C':
        if (start < 0) start = points.length
        points.push(newPoint(c.x1!, c.y1!, FLAG_CUBIC))
        points.push(newPoint(c.x2!, c.y2!, FLAG_CUBIC))
        points.push(newPoint(c.x!, c.y!, 0))
        break
      case 'Z':
        close()
        break
    }
  }
  close()
  if (points.length === 0) return null
  // Drop the implied on-curve points between two conic control points.
  const kept: HintPoint[] = []
  const keptContours: number[] = []
  for (let c = 0; c < contours.length; c++) {
    const first = contours[c]
    const end = c + 1 < contours.length ? contours[c + 1] : points.length
    const n = end - first
    const at = kept.length
    for (let i = first; i < end; i++) {
      const p = points[i]
      if (!(p.flags & FLAG_CONTROL) && n > 2) {
        const a = points[i === first ? end - 1 : i - 1]
        const b = points[i + 1 === end ? first : i + 1]
        if (
          a.flags & FLAG_CONIC &&
          b.flags & FLAG_CONIC &&
          p.ux === (a.ux + b.ux) / 2 &&
          p.uy === (a.uy + b.uy) / 2
        ) {
          continue
        }
      }
      kept.push(p)
    }
    if (kept.length > at) keptContours.push(at)
  }
  for (let c = 0; c < keptContours.length; c++) {
    const first = keptContours[c]
    const last = (c + 1 < keptContours.length ? keptContours[c + 1] : kept.length) - 1
    for (let i = first; i <= last; i++) {
      kept[i].prev = i === first ? last : i - 1
      kept[i].next = i === last ? first : i + 1
    }
  }
  return { points: kept, contours: keptContours }
}

/** af_direction_compute: the direction of a vector, or none if it is too far from the axes. */
export function directionOf(dx: number, dy: number): number {
  let dir: number
  let ll: number
  let ss: number
  if (dy >= dx) {
    if (dy >= -dx) {
      dir = DIR_UP
      ll = dy
      ss = dx
    } else {
      dir = DIR_LEFT
      ll = -dx
      ss = dy
    }
  } else if (dy >= -dx) {
    dir = DIR_RIGHT
    ll = dx
    ss = dy
  } else {
    dir = DIR_DOWN
    ll = -dy
    ss = dx
  }
  return ll <= 14 * Math.abs(ss) ? DIR_NONE : dir
}

/** FT_Outline_Get_Orientation: true when the outer contours run counter-clockwise (PostScript). */
export function isPostScriptOrientation(outline: HintOutline): boolean {
  let area = 0
  const { points, contours } = outline
  for (let c = 0; c < contours.length; c++) {
    const first = contours[c]
    const last = (c + 1 < contours.length ? contours[c + 1] : points.length) - 1
    let prev = points[last]
    for (let i = first; i <= last; i++) {
      const cur = points[i]
      area += (cur.fy - prev.fy) * (cur.fx + prev.fx)
      prev = cur
    }
  }
  return area > 0
}

/**
 * af_glyph_hints_reload's analysis: `near` points merged into their neighbours' vectors, in/out directions,
 * and the weak points (control points, points inside straight or flat runs, spikes).
 */
export function analyzePoints(outline: HintOutline, unitsPerEm: number) {
  const pts = outline.points
  const nearLimit = Math.trunc((20 * unitsPerEm) / 2048)
  const nearLimit2 = 2 * nearLimit - 1
  for (const p of pts) {
    const prev = pts[p.prev]
    if (Math.abs(p.fx - prev.fx) + Math.abs(p.fy - prev.fy) < nearLimit) prev.flags |= FLAG_NEAR
  }
  for (let c = 0; c < outline.contours.length; c++) {
    let first = outline.contours[c]
    let point = first
    let prev = pts[first].prev
    while (prev !== first) {
      const ox = pts[point].fx - pts[prev].fx
      const oy = pts[point].fy - pts[prev].fy
      if (Math.abs(ox) + Math.abs(oy) >= nearLimit2) break
      point = prev
      prev = pts[prev].prev
    }
    first = point
    let curr = first
    pts[curr].u = first - curr
    pts[first].v = -pts[curr].u
    let outX = 0
    let outY = 0
    let next = first
    do {
      point = next
      next = pts[point].next
      outX += pts[next].fx - pts[point].fx
      outY += pts[next].fy - pts[point].fy
      if (Math.abs(outX) + Math.abs(outY) < nearLimit) {
        pts[next].flags |= FLAG_WEAK
        continue
      }
      pts[curr].u = next - curr
      pts[next].v = -pts[curr].u
      const outDir = directionOf(outX, outY)
      pts[curr].outDir = outDir
      for (curr = pts[curr].next; curr !== next; curr = pts[curr].next) {
        pts[curr].inDir = outDir
        pts[curr].outDir = outDir
      }
      pts[next].inDir = outDir
      pts[curr].u = first - curr
      pts[first].v = -pts[curr].u
      outX = 0
      outY = 0
    } while (next !== first)
  }
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]
    if (p.flags & FLAG_WEAK) continue
    if (p.inDir === DIR_NONE && p.outDir === DIR_NONE) {
      const nu = i + p.u
      const pv = i + p.v
      const inX = p.fx - pts[pv].fx
      const inY = p.fy - pts[pv].fy
      const oX = pts[nu].fx - p.fx
      const oY = pts[nu].fy - p.fy
      if ((inX ^ oX) >= 0 && (inY ^ oY) >= 0) {
        p.flags |= FLAG_WEAK
        pts[pv].u = nu - pv
        pts[nu].v = -pts[pv].u
      }
    }
  }
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]
    if (p.flags & FLAG_WEAK) continue
    if (p.flags & FLAG_CONTROL) {
      p.flags |= FLAG_WEAK
    } else if (p.outDir === p.inDir) {
      if (p.outDir !== DIR_NONE) {
        p.flags |= FLAG_WEAK
        continue
      }
      const nu = i + p.u
      const pv = i + p.v
      if (cornerIsFlat(p.fx - pts[pv].fx, p.fy - pts[pv].fy, pts[nu].fx - p.fx, pts[nu].fy - p.fy)) {
        pts[pv].u = nu - pv
        pts[nu].v = -pts[pv].u
        p.flags |= FLAG_WEAK
      }
    } else if (p.inDir === -p.outDir) {
      p.flags |= FLAG_WEAK
    }
  }
}
