/**
 * Segments and edges of the vertical axis (aflatin.c: af_latin_hints_compute_segments, _link_segments,
 * _compute_edges): runs of points along horizontal lines, linked into stems and serifs, grouped into edges by
 * position. Positions (`pos`) are font units; the vertical axis measures y (u = fy) along x (v = fx).
 */
import { mulFix, divFix } from './fixed.js'
import { DIR_NONE, FLAG_CONTROL, type HintOutline } from './points.js'

export const EDGE_ROUND = 1
export const EDGE_SERIF = 2
export const EDGE_DONE = 4
export const EDGE_NEUTRAL = 8

/** A run of points along the axis. */
export interface Segment {
  dir: number
  flags: number
  first: number
  last: number
  pos: number
  delta: number
  minCoord: number
  maxCoord: number
  height: number
  score: number
  link: Segment | null
  serif: Segment | null
  edge: Edge | null
}

/** A blue zone position: scaled (cur) and fitted to the grid (fit), 26.6. */
export interface BlueWidth {
  org: number
  cur: number
  fit: number
}

/** Segments at (about) one position. */
export interface Edge {
  fpos: number
  opos: number
  pos: number
  dir: number
  flags: number
  segments: Segment[]
  link: Edge | null
  serif: Edge | null
  blueEdge: BlueWidth | null
  scale: number
}

const latinConstant = (unitsPerEm: number, c: number) => Math.trunc((c * unitsPerEm) / 2048)

/** af_latin_hints_compute_segments for the vertical axis. */
export function computeSegments(outline: HintOutline, majorDir: number, unitsPerEm: number): Segment[] {
  const pts = outline.points
  const segments: Segment[] = []
  const flatThreshold = Math.trunc(unitsPerEm / 14)
  const major = Math.abs(majorDir)
  for (const p of pts) {
    p.u = p.fy
    p.v = p.fx
  }
  const newSegment = (dir: number, first: number): Segment => ({
    dir,
    flags: 0,
    first,
    last: first,
    pos: 0,
    delta: 0,
    minCoord: 0,
    maxCoord: 0,
    height: 0,
    score: 32000,
    link: null,
    serif: null,
    edge: null,
  })
  for (const contourStart of outline.contours) {
    let point = contourStart
    let last = pts[point].prev
    let onEdge = false
    let minPos = 32000
    let maxPos = -32000
    let minCoord = 32000
    let maxCoord = -32000
    let minFlags = 0
    let maxFlags = 0
    let minOnCoord = 32000
    let maxOnCoord = -32000
    let segment: Segment | null = null
    let prevSegment: Segment | null = null
    let prevMinPos = minPos
    let prevMaxPos = maxPos
    let prevMinCoord = minCoord
    let prevMaxCoord = maxCoord
    let prevMinFlags = minFlags
    let prevMaxFlags = maxFlags
    let prevMinOnCoord = minOnCoord
    let prevMaxOnCoord = maxOnCoord
    let segmentDir = major
    if (Math.abs(pts[last].outDir) === major && Math.abs(pts[point].outDir) === major) {
      last = point
      for (;;) {
        point = pts[point].prev
        if (Math.abs(pts[point].outDir) !== major) {
          point = pts[point].next
          break
        }
        if (point === last) break
      }
    }
    last = point
    let passed = false
    const isRound = () => (minFlags | maxFlags) & FLAG_CONTROL && maxOnCoord - minOnCoord < flatThreshold
    for (;;) {
      const p = pts[point]
      if (onEdge && segment) {
        const u = p.u
        if (u < minPos) minPos = u
        if (u > maxPos) maxPos = u
        const v = p.v
        if (v < minCoord) {
          minCoord = v
          minFlags = p.flags
        }
        if (v > maxCoord) {
          maxCoord = v
          maxFlags = p.flags
        }
        if (!(p.flags & FLAG_CONTROL)) {
          if (v < minOnCoord) minOnCoord = v
          if (v > maxOnCoord) maxOnCoord = v
        }
        if (p.outDir !== segmentDir || point === last) {
          if (!prevSegment || segment.first !== prevSegment.last) {
            segment.last = point
            segment.pos = (minPos + maxPos) >> 1
            segment.delta = (maxPos - minPos) >> 1
            if (isRound()) segment.flags |= EDGE_ROUND
            segment.minCoord = minCoord
            segment.maxCoord = maxCoord
            segment.height = maxCoord - minCoord
            prevSegment = segment
            prevMinPos = minPos
            prevMaxPos = maxPos
            prevMinCoord = minCoord
            prevMaxCoord = maxCoord
            prevMinFlags = minFlags
            prevMaxFlags = maxFlags
            prevMinOnCoord = minOnCoord
            prevMaxOnCoord = maxOnCoord
          } else {
            if (pts[prevSegment.last].inDir === p.inDir) {
              if (prevMinPos < minPos) minPos = prevMinPos
              if (prevMaxPos > maxPos) maxPos = prevMaxPos
              if (prevMinCoord < minCoord) {
                minCoord = prevMinCoord
                minFlags = prevMinFlags
              }
              if (prevMaxCoord > maxCoord) {
                maxCoord = prevMaxCoord
                maxFlags = prevMaxFlags
              }
              if (prevMinOnCoord < minOnCoord) minOnCoord = prevMinOnCoord
              if (prevMaxOnCoord > maxOnCoord) maxOnCoord = prevMaxOnCoord
              prevSegment.last = point
              prevSegment.pos = (minPos + maxPos) >> 1
              prevSegment.delta = (maxPos - minPos) >> 1
              if (isRound()) prevSegment.flags |= EDGE_ROUND
              else prevSegment.flags &= ~EDGE_ROUND
              prevSegment.minCoord = minCoord
              prevSegment.maxCoord = maxCoord
              prevSegment.height = maxCoord - minCoord
            } else if (Math.abs(prevMaxCoord - prevMinCoord) > Math.abs(maxCoord - minCoord)) {
              if (minPos < prevMinPos) prevMinPos = minPos
              if (maxPos > prevMaxPos) prevMaxPos = maxPos
              prevSegment.last = point
              prevSegment.pos = (prevMinPos + prevMaxPos) >> 1
              prevSegment.delta = (prevMaxPos - prevMinPos) >> 1
            } else {
              if (prevMinPos < minPos) minPos = prevMinPos
              if (prevMaxPos > maxPos) maxPos = prevMaxPos
              segment.last = point
              segment.pos = (minPos + maxPos) >> 1
              segment.delta = (maxPos - minPos) >> 1
              if (isRound()) segment.flags |= EDGE_ROUND
              segment.minCoord = minCoord
              segment.maxCoord = maxCoord
              segment.height = maxCoord - minCoord
              Object.assign(prevSegment, segment)
              prevMinPos = minPos
              prevMaxPos = maxPos
              prevMinCoord = minCoord
              prevMaxCoord = maxCoord
              prevMinFlags = minFlags
              prevMaxFlags = maxFlags
              prevMinOnCoord = minOnCoord
              prevMaxOnCoord = maxOnCoord
            }
            segments.pop()
          }
          onEdge = false
          segment = null
        }
      }
      if (point === last) {
        if (passed) break
        passed = true
      }
      if (!onEdge && (Math.abs(p.outDir) === major || p.prev === point)) {
        if (segments.length > 1000) return []
        segmentDir = p.outDir
        segment = newSegment(segmentDir, point)
        segments.push(segment)
        minPos = maxPos = p.u
        minCoord = maxCoord = p.v
        minFlags = maxFlags = p.flags
        if (p.flags & FLAG_CONTROL) {
          minOnCoord = 32000
          maxOnCoord = -32000
        } else {
          minOnCoord = maxOnCoord = p.v
        }
        onEdge = true
        if (p.prev === point) {
          segment.pos = minPos
          if (p.flags & FLAG_CONTROL) segment.flags |= EDGE_ROUND
          segment.minCoord = p.v
          segment.maxCoord = p.v
          segment.height = 0
          onEdge = false
          segment = null
        }
      }
      point = p.next
    }
  }
  for (const s of segments) {
    const first = pts[s.first]
    const last = pts[s.last]
    if (first.v < last.v) {
      const p = pts[first.prev]
      if (p.v < first.v) s.height += (first.v - p.v) >> 1
      const q = pts[last.next]
      if (q.v > last.v) s.height += (q.v - last.v) >> 1
    } else {
      const p = pts[first.prev]
      if (p.v > first.v) s.height += (p.v - first.v) >> 1
      const q = pts[last.next]
      if (q.v < last.v) s.height += (last.v - q.v) >> 1
    }
  }
  return segments
}

/** af_latin_hints_link_segments: stems (linked pairs) and serifs. `maxWidth` is the largest standard width. */
export function linkSegments(segments: Segment[], majorDir: number, unitsPerEm: number, maxWidth: number) {
  let lenThreshold = latinConstant(unitsPerEm, 8)
  if (lenThreshold === 0) lenThreshold = 1
  const lenScore = latinConstant(unitsPerEm, 6000)
  const distScore = 3000
  for (const seg1 of segments) {
    if (seg1.dir !== majorDir) continue
    for (const seg2 of segments) {
      const pos1 = seg1.pos
      const pos2 = seg2.pos
      if (seg1.dir + seg2.dir === 0 && pos2 > pos1) {
        const min = Math.max(seg1.minCoord, seg2.minCoord)
        const max = Math.min(seg1.maxCoord, seg2.maxCoord)
        const len = max - min
        if (len >= lenThreshold) {
          const dist = pos2 - pos1
          let distDemerit: number
          if (maxWidth) {
            const delta = Math.trunc((dist << 10) / maxWidth) - (1 << 10)
            if (delta > 10000) distDemerit = 32000
            else if (delta > 0) distDemerit = Math.trunc((delta * delta) / distScore)
            else distDemerit = 0
          } else distDemerit = dist
          const score = distDemerit + Math.trunc(lenScore / len)
          if (score < seg1.score) {
            seg1.score = score
            seg1.link = seg2
          }
          if (score < seg2.score) {
            seg2.score = score
            seg2.link = seg1
          }
        }
      }
    }
  }
  for (const seg1 of segments) {
    const seg2 = seg1.link
    if (seg2 && seg2.link !== seg1) {
      seg1.link = null
      seg1.serif = seg2.link
    }
  }
}

/** af_latin_hints_compute_edges for the vertical axis: edges sorted by position, with links and serifs. */
export function computeEdges(
  segments: Segment[],
  majorDir: number,
  scale: number,
  edgeDistanceThresholdUnits: number
): Edge[] {
  const edges: Edge[] = []
  const segmentLengthThreshold = 0
  const segmentWidthThreshold = divFix(32, scale)
  let threshold = mulFix(edgeDistanceThresholdUnits, scale)
  if (threshold > 64 / 4) threshold = 64 / 4
  threshold = divFix(threshold, scale)
  for (const seg of segments) {
    if (seg.height < segmentLengthThreshold || seg.delta > segmentWidthThreshold || seg.dir === DIR_NONE) continue
    if (seg.serif && 2 * seg.height < 3 * segmentLengthThreshold) continue
    let found: Edge | null = null
    for (const edge of edges) {
      if (Math.abs(seg.pos - edge.fpos) < threshold && edge.dir === seg.dir) {
        found = edge
        break
      }
    }
    if (!found) {
      const edge: Edge = {
        fpos: seg.pos,
        opos: mulFix(seg.pos, scale),
        pos: 0,
        dir: seg.dir,
        flags: 0,
        segments: [seg],
        link: null,
        serif: null,
        blueEdge: null,
        scale: 0,
      }
      edge.pos = edge.opos
      let at = edges.length
      while (at > 0) {
        if (edges[at - 1].fpos < seg.pos) break
        if (edges[at - 1].fpos === seg.pos && seg.dir === majorDir) break
        at--
      }
      edges.splice(at, 0, edge)
    } else {
      found.segments.push(seg)
    }
  }
  for (const seg of segments) {
    if (seg.dir !== DIR_NONE) continue
    for (const edge of edges) {
      if (Math.abs(seg.pos - edge.fpos) < threshold) {
        edge.segments.push(seg)
        break
      }
    }
  }
  for (const edge of edges) for (const seg of edge.segments) seg.edge = edge
  for (const edge of edges) {
    let isRound = 0
    let isStraight = 0
    for (const seg of edge.segments) {
      if (seg.flags & EDGE_ROUND) isRound++
      else isStraight++
      const isSerif = !!(seg.serif && seg.serif.edge && seg.serif.edge !== edge)
      if ((seg.link && seg.link.edge) || isSerif) {
        let edge2 = isSerif ? edge.serif : edge.link
        const seg2 = (isSerif ? seg.serif : seg.link)!
        if (edge2) {
          const edgeDelta = Math.abs(edge.fpos - edge2.fpos)
          const segDelta = Math.abs(seg.pos - seg2.pos)
          if (segDelta < edgeDelta) edge2 = seg2.edge
        } else edge2 = seg2.edge
        if (isSerif) {
          edge.serif = edge2
          edge2!.flags |= EDGE_SERIF
        } else edge.link = edge2
      }
    }
    edge.flags = 0
    if (isRound > 0 && isRound >= isStraight) edge.flags |= EDGE_ROUND
    if (edge.serif && edge.link) edge.serif = null
  }
  return edges
}
