/**
 * Grid-fitting of the vertical axis in light mode (aflatin.c: af_latin_hints_compute_blue_edges,
 * af_latin_hint_edges without STEM_ADJUST or VERT_SNAP: stem heights keep their scaled size) and the moves of
 * the other points that follow (afhints.c: af_glyph_hints_align_edge_points, _strong_points, _weak_points).
 */
import { mulDiv, mulFix, divFix, pixRound, idiv } from './fixed.js'
import { FLAG_TOUCH_Y, FLAG_WEAK, type HintOutline } from './points.js'
import type { ScaledMetrics } from './metrics.js'
import { BLUE_NEUTRAL, BLUE_SUB_TOP, BLUE_TOP } from './scripts.js'
import { EDGE_DONE, EDGE_NEUTRAL, EDGE_ROUND, type Edge, type Segment } from './segments.js'

/** af_latin_hints_compute_blue_edges: each edge near an active blue zone is tied to its reference or overshoot. */
export function computeBlueEdges(edges: Edge[], majorDir: number, metrics: ScaledMetrics, unitsPerEm: number) {
  const scale = metrics.scale
  for (const edge of edges) {
    let best = null
    let bestNeutral = false
    let bestDist = mulFix(Math.trunc(unitsPerEm / 40), scale)
    if (bestDist > 64 / 2) bestDist = 64 / 2
    for (const blue of metrics.blues) {
      if (!blue.active) continue
      const isTop = (blue.flags & (BLUE_TOP | BLUE_SUB_TOP)) !== 0
      const isNeutral = (blue.flags & BLUE_NEUTRAL) !== 0
      const isMajor = edge.dir === majorDir
      if (isTop !== isMajor || isNeutral) {
        let dist = mulFix(Math.abs(edge.fpos - blue.ref.org), scale)
        if (dist < bestDist) {
          bestDist = dist
          best = blue.ref
          bestNeutral = isNeutral
        }
        if (edge.flags & EDGE_ROUND && dist !== 0 && !isNeutral) {
          const isUnderRef = edge.fpos < blue.ref.org
          if (isTop !== isUnderRef) {
            dist = mulFix(Math.abs(edge.fpos - blue.shoot.org), scale)
            if (dist < bestDist) {
              bestDist = dist
              best = blue.shoot
              bestNeutral = isNeutral
            }
          }
        }
      }
    }
    if (best) {
      edge.blueEdge = best
      if (bestNeutral) edge.flags |= EDGE_NEUTRAL
    }
  }
}

/** Light mode's stem width: as scaled (no STEM_ADJUST). */
const stemWidth = (width: number) => width

function alignLinkedEdge(base: Edge, stem: Edge) {
  stem.pos = base.pos + stemWidth(stem.opos - base.opos)
}

/** af_latin_hint_edges for the vertical axis in light mode. */
export function hintEdges(edges: Edge[]) {
  let anchor: Edge | null = null
  let hasSerifs = 0
  for (const edge of edges) {
    if (edge.flags & EDGE_DONE) continue
    let edge1: Edge | null = null
    let edge2 = edge.link
    if (edge.blueEdge && edge2 && edge2.blueEdge) {
      if (edge2.flags & EDGE_NEUTRAL) {
        edge2.blueEdge = null
        edge2.flags &= ~EDGE_NEUTRAL
      } else if (edge.flags & EDGE_NEUTRAL) {
        edge.blueEdge = null
        edge.flags &= ~EDGE_NEUTRAL
      }
    }
    let blue = edge.blueEdge
    if (blue) edge1 = edge
    else if (edge2 && edge2.blueEdge) {
      blue = edge2.blueEdge
      edge1 = edge2
      edge2 = edge
    }
    if (!edge1 || !blue) continue
    edge1.pos = blue.fit
    edge1.flags |= EDGE_DONE
    if (edge2 && !edge2.blueEdge) {
      alignLinkedEdge(edge1, edge2)
      edge2.flags |= EDGE_DONE
    }
    if (!anchor) anchor = edge
  }
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i]
    if (edge.flags & EDGE_DONE) continue
    const edge2 = edge.link
    if (!edge2) {
      hasSerifs++
      continue
    }
    if (edge2.blueEdge) {
      alignLinkedEdge(edge2, edge)
      edge.flags |= EDGE_DONE
      continue
    }
    if (!anchor) {
      const orgLen = edge2.opos - edge.opos
      const curLen = stemWidth(orgLen)
      const uOff = curLen <= 64 ? 32 : 38
      const dOff = curLen <= 64 ? 32 : 26
      if (curLen < 96) {
        const orgCenter = edge.opos + (orgLen >> 1)
        let curPos1 = pixRound(orgCenter)
        const error1 = Math.abs(orgCenter - (curPos1 - uOff))
        const error2 = Math.abs(orgCenter - (curPos1 + dOff))
        if (error1 < error2) curPos1 -= uOff
        else curPos1 += dOff
        edge.pos = curPos1 - idiv(curLen, 2)
        edge2.pos = edge.pos + curLen
      } else edge.pos = pixRound(edge.opos)
      anchor = edge
      edge.flags |= EDGE_DONE
      alignLinkedEdge(edge, edge2)
    } else {
      const orgPos = anchor.pos + (edge.opos - anchor.opos)
      const orgLen = edge2.opos - edge.opos
      const orgCenter = orgPos + (orgLen >> 1)
      const curLen = stemWidth(orgLen)
      if (edge2.flags & EDGE_DONE) {
        edge.pos = edge2.pos - curLen
      } else if (curLen < 96) {
        let curPos1 = pixRound(orgCenter)
        const uOff = curLen <= 64 ? 32 : 38
        const dOff = curLen <= 64 ? 32 : 26
        const delta1 = Math.abs(orgCenter - (curPos1 - uOff))
        const delta2 = Math.abs(orgCenter - (curPos1 + dOff))
        if (delta1 < delta2) curPos1 -= uOff
        else curPos1 += dOff
        edge.pos = curPos1 - idiv(curLen, 2)
        edge2.pos = curPos1 + idiv(curLen, 2)
      } else {
        const curPos1 = pixRound(orgPos)
        const delta1 = Math.abs(curPos1 + (curLen >> 1) - orgCenter)
        const curPos2 = pixRound(orgPos + orgLen) - curLen
        const delta2 = Math.abs(curPos2 + (curLen >> 1) - orgCenter)
        edge.pos = delta1 < delta2 ? curPos1 : curPos2
        edge2.pos = edge.pos + curLen
      }
      edge.flags |= EDGE_DONE
      edge2.flags |= EDGE_DONE
      if (i > 0 && edge.pos < edges[i - 1].pos) {
        if (edge.link && Math.abs(edge.link.pos - edges[i - 1].pos) > 16) edge.pos = edges[i - 1].pos
      }
    }
  }
  if (hasSerifs || !anchor) {
    for (let i = 0; i < edges.length; i++) {
      const edge = edges[i]
      if (edge.flags & EDGE_DONE) continue
      let delta = 1000
      if (edge.serif) delta = Math.abs(edge.serif.opos - edge.opos)
      if (delta < 64 + 16 && edge.serif) {
        edge.pos = edge.serif.pos + (edge.opos - edge.serif.opos)
      } else if (!anchor) {
        edge.pos = pixRound(edge.opos)
        anchor = edge
      } else {
        let before = i - 1
        while (before >= 0 && !(edges[before].flags & EDGE_DONE)) before--
        let after = i + 1
        while (after < edges.length && !(edges[after].flags & EDGE_DONE)) after++
        if (before >= 0 && after < edges.length) {
          const b = edges[before]
          const a = edges[after]
          if (a.opos === b.opos) edge.pos = b.pos
          else edge.pos = b.pos + mulDiv(edge.opos - b.opos, a.pos - b.pos, a.opos - b.opos)
        } else {
          edge.pos = anchor.pos + Math.floor((edge.opos - anchor.opos + 16) / 32) * 32
        }
      }
      edge.flags |= EDGE_DONE
      if (i > 0 && edge.pos < edges[i - 1].pos) {
        if (edge.link && Math.abs(edge.link.pos - edges[i - 1].pos) > 16) edge.pos = edges[i - 1].pos
      }
      if (i + 1 < edges.length && edges[i + 1].flags & EDGE_DONE && edge.pos > edges[i + 1].pos) {
        if (edge.link && i > 0 && Math.abs(edge.link.pos - edges[i - 1].pos) > 16) edge.pos = edges[i + 1].pos
      }
    }
  }
}

/** af_glyph_hints_align_edge_points: every point of a segment moves to its edge. */
export function alignEdgePoints(outline: HintOutline, segments: Segment[]) {
  const pts = outline.points
  for (const seg of segments) {
    const edge = seg.edge
    if (!edge) continue
    let point = seg.first
    for (;;) {
      pts[point].y = edge.pos
      pts[point].flags |= FLAG_TOUCH_Y
      if (point === seg.last) break
      point = pts[point].next
    }
  }
}

/** af_glyph_hints_align_strong_points: the other strong points, by where they are between edges. */
export function alignStrongPoints(outline: HintOutline, edges: Edge[]) {
  if (edges.length === 0) return
  for (const point of outline.points) {
    if (point.flags & FLAG_TOUCH_Y || point.flags & FLAG_WEAK) continue
    const u = point.fy
    const ou = point.oy
    let y: number
    const first = edges[0]
    const last = edges[edges.length - 1]
    if (first.fpos - u >= 0) y = first.pos - (first.opos - ou)
    else if (u - last.fpos >= 0) y = last.pos + (ou - last.opos)
    else {
      let min = 0
      let max = edges.length
      let on: Edge | null = null
      if (max <= 8) {
        let nn = 0
        for (; nn < max; nn++) if (edges[nn].fpos >= u) break
        if (edges[nn].fpos === u) on = edges[nn]
        min = nn
      } else {
        while (min < max) {
          const mid = (max + min) >> 1
          const fpos = edges[mid].fpos
          if (u < fpos) max = mid
          else if (u > fpos) min = mid + 1
          else {
            on = edges[mid]
            break
          }
        }
      }
      if (on) y = on.pos
      else {
        const before = edges[min - 1]
        const after = edges[min]
        if (before.scale === 0) before.scale = divFix(after.pos - before.pos, after.fpos - before.fpos)
        y = before.pos + mulFix(u - before.fpos, before.scale)
      }
    }
    point.y = y
    point.flags |= FLAG_TOUCH_Y
  }
}

function iupShift(outline: HintOutline, p1: number, p2: number, ref: number) {
  const pts = outline.points
  const delta = pts[ref].u - pts[ref].v
  if (delta === 0) return
  for (let p = p1; p < ref; p++) pts[p].u = pts[p].v + delta
  for (let p = ref + 1; p <= p2; p++) pts[p].u = pts[p].v + delta
}

function iupInterp(outline: HintOutline, p1: number, p2: number, ref1: number, ref2: number) {
  if (p1 > p2) return
  const pts = outline.points
  let r1 = pts[ref1]
  let r2 = pts[ref2]
  if (r1.v > r2.v) [r1, r2] = [r2, r1]
  const v1 = r1.v
  const v2 = r2.v
  const u1 = r1.u
  const u2 = r2.u
  const d1 = u1 - v1
  const d2 = u2 - v2
  const flat = u1 === u2 || v1 === v2
  const scale = flat ? 0 : divFix(u2 - u1, v2 - v1)
  for (let p = p1; p <= p2; p++) {
    let u = pts[p].v
    if (u <= v1) u += d1
    else if (u >= v2) u += d2
    else u = flat ? u1 : u1 + mulFix(u - v1, scale)
    pts[p].u = u
  }
}

/** af_glyph_hints_align_weak_points: the untouched points interpolated between touched neighbours (IUP). */
export function alignWeakPoints(outline: HintOutline) {
  const pts = outline.points
  for (const p of pts) {
    p.u = p.y
    p.v = p.oy
  }
  for (let c = 0; c < outline.contours.length; c++) {
    const firstPoint = outline.contours[c]
    const endPoint = (c + 1 < outline.contours.length ? outline.contours[c + 1] : pts.length) - 1
    let point = firstPoint
    for (;;) {
      if (point > endPoint) break
      if (pts[point].flags & FLAG_TOUCH_Y) break
      point++
    }
    if (point > endPoint) continue
    const firstTouched = point
    let lastTouched = point
    for (;;) {
      while (point < endPoint && pts[point + 1].flags & FLAG_TOUCH_Y) point++
      lastTouched = point
      point++
      let found = false
      for (;;) {
        if (point > endPoint) break
        if (pts[point].flags & FLAG_TOUCH_Y) {
          found = true
          break
        }
        point++
      }
      if (!found) break
      iupInterp(outline, lastTouched + 1, point - 1, lastTouched, point)
    }
    if (lastTouched === firstTouched) iupShift(outline, firstPoint, endPoint, firstTouched)
    else {
      if (lastTouched < endPoint) iupInterp(outline, lastTouched + 1, endPoint, lastTouched, firstTouched)
      if (firstTouched > 0) iupInterp(outline, firstPoint, firstTouched - 1, lastTouched, firstTouched)
    }
  }
  for (const p of pts) p.y = p.u
}
