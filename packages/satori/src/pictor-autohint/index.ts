/**
 * Pictor (autohint-light): glyph outlines of web faces fitted to the pixel grid vertically, as FreeType's light
 * auto-hinter does for the faces Chromium loads through `@font-face` (FT_LOAD_TARGET_LIGHT: cap heights,
 * x-heights, baselines and bars on whole pixels, the x axis untouched). Latin, Greek and Cyrillic glyphs (the latin
 * writing system of FreeType's autofit module); glyphs of other scripts keep their outlines.
 *
 * hintedGlyph gives a stand-in for an opentype.js glyph whose path commands are hinted at a pixel size (font units,
 * so the path writers scale them as before); it is made once per (face, glyph, size) and kept.
 */
import { divFix, mulFix, pixRound } from './fixed.js'
import { faceSetUp } from '../pictor-face-set-up.js'
import { latinMetrics, scaleMetrics, type LatinMetrics, type ScaledMetrics } from './metrics.js'
import { DIR_LEFT, DIR_RIGHT, analyzePoints, isPostScriptOrientation, outlineFromCommands, FLAG_CONIC, FLAG_CUBIC } from './points.js'
import { LATIN_SCRIPTS, inRanges, type LatinScript } from './scripts.js'
import { computeEdges, computeSegments, linkSegments } from './segments.js'
import { alignEdgePoints, alignStrongPoints, alignWeakPoints, computeBlueEdges, hintEdges } from './edges.js'

type Glyph = { index: number; path: { commands: any[]; unitsPerEm?: number }; advanceWidth?: number }

/** A glyph's style: its script (index in LATIN_SCRIPTS, -1: not hinted) and whether it is a mark. */
type Style = { script: number; nonBase: boolean }

interface FaceHints {
  styles: Map<number, Style>
  unmapped: Style
  metrics: (LatinMetrics | null | undefined)[]
  scaled: Map<number, (ScaledMetrics | null)[]>
  glyphs: Map<number, Glyph | null>
}

const faces = new WeakMap<object, FaceHints>()

/** Hinted glyphs kept across renders (a few KB of commands each); past this the cache of a face starts again. */
const GLYPHS_PER_FACE = 2048

/** Which of the latin scripts covers each glyph of the cmap (afglobal.c's style coverage, first style wins). */
function faceHints(font: any): FaceHints {
  const hints = faces.get(font)
  if (hints) return hints
  // Pictor (face-set-up-untimed): once per face, part of loading it.
  return faceSetUp(() => scanFaceHints(font))
}

function scanFaceHints(font: any): FaceHints {
  let hints: FaceHints
  const styles = new Map<number, Style>()
  const map: Record<string, number> = font.tables?.cmap?.glyphIndexMap ?? {}
  let codes = 0
  let covered = 0
  const marks: [number, number][] = []
  // One pass: each code's script (the three scripts' ranges do not overlap); a glyph takes the first script in
  // LATIN_SCRIPTS' order that reaches it, as FreeType assigns styles style by style.
  for (const key in map) {
    const code = Number(key)
    const g = map[key]
    codes++
    const s = code < 0x2e80 || code >= 0xa640 ? scriptOfCode(code) : -1
    if (s >= 0) covered++
    if (!g) continue
    const known = styles.get(g)
    if (!known) styles.set(g, { script: s, nonBase: false })
    else if (s >= 0 && (known.script < 0 || s < known.script)) known.script = s
    if (s >= 0 && inRanges(LATIN_SCRIPTS[s].nonBase, code)) marks.push([g, s])
  }
  for (const [g, s] of marks) {
    const style = styles.get(g)
    if (style && style.script === s) style.nonBase = true
  }
  // Glyphs outside the cmap (ligatures, alternates): the latin style when the face is mostly of these scripts,
  // as HarfBuzz's coverage of the default script gives them in FreeType; else left alone.
  const latn = LATIN_SCRIPTS.findIndex((s) => s.tag === 'latn')
  const unmapped = { script: covered * 2 >= codes ? latn : -1, nonBase: false }
  hints = { styles, unmapped, metrics: [], scaled: new Map(), glyphs: new Map() }
  faces.set(font, hints)
  return hints
}

/** The index in LATIN_SCRIPTS of the script whose ranges hold `code`, or -1. */
function scriptOfCode(code: number): number {
  for (let s = 0; s < LATIN_SCRIPTS.length; s++) if (inRanges(LATIN_SCRIPTS[s].ranges, code)) return s
  return -1
}

function scriptMetrics(font: any, hints: FaceHints, s: number, ppem64: number): ScaledMetrics | null {
  let metrics = hints.metrics[s]
  if (metrics === undefined) {
    metrics = latinMetrics(font, LATIN_SCRIPTS[s] as LatinScript)
    hints.metrics[s] = metrics
  }
  if (!metrics) return null
  let sizes = hints.scaled.get(ppem64)
  if (!sizes) {
    sizes = []
    hints.scaled.set(ppem64, sizes)
  }
  let scaled = sizes[s]
  if (scaled === undefined) {
    scaled = scaleMetrics(metrics, divFix(ppem64, metrics.unitsPerEm))
    sizes[s] = scaled
  }
  return scaled
}

/** The pixel size FreeType hints at, in 26.6: whole pixels if the face asks for them (head flags bit 3). */
function ppem26(font: any, pixelSize: number) {
  const size = Math.round(pixelSize * 64)
  return font.tables?.head?.flags & 8 ? pixRound(size) : size
}

/**
 * `glyph` of `font` with its outline hinted at `pixelSize` px (FreeType's light auto-hinter, vertical axis), or
 * `glyph` itself when it is not hinted (no outline, a script Pictor does not hint, a face without blue zones).
 */
export function hintedGlyph<G extends Glyph>(font: any, glyph: G, pixelSize: number): G {
  if (!glyph?.index || !glyph.path?.commands?.length || !(pixelSize > 0) || pixelSize > 1000) return glyph
  const hints = faceHints(font)
  const ppem64 = ppem26(font, pixelSize)
  const key = glyph.index * 131072 + ppem64
  const known = hints.glyphs.get(key)
  if (known !== undefined) return (known ?? glyph) as unknown as G
  if (hints.glyphs.size >= GLYPHS_PER_FACE) hints.glyphs.clear()
  const style = hints.styles.get(glyph.index) ?? hints.unmapped
  let hinted: Glyph | null = null
  if (style.script >= 0) {
    const metrics = scriptMetrics(font, hints, style.script, ppem64)
    if (metrics) hinted = hintGlyph(glyph, metrics, style.nonBase, font.unitsPerEm, pixelSize)
  }
  hints.glyphs.set(key, hinted)
  return (hinted ?? glyph) as unknown as G
}

/** af_latin_hints_apply for the vertical axis: the glyph with hinted y coordinates, in font units. */
function hintGlyph(glyph: Glyph, metrics: ScaledMetrics, nonBase: boolean, unitsPerEm: number, pixelSize: number): Glyph | null {
  const outline = outlineFromCommands(glyph.path.commands)
  if (!outline) return null
  const scale = metrics.scale
  for (const p of outline.points) p.oy = p.y = mulFix(p.fy, scale)
  analyzePoints(outline, unitsPerEm)
  const major = isPostScriptOrientation(outline) ? DIR_RIGHT : DIR_LEFT
  const segments = computeSegments(outline, major, unitsPerEm)
  linkSegments(segments, major, unitsPerEm, metrics.maxWidth)
  const edges = computeEdges(segments, major, scale, metrics.edgeDistanceThreshold)
  if (!nonBase) computeBlueEdges(edges, major, metrics, unitsPerEm)
  hintEdges(edges)
  alignEdgePoints(outline, segments)
  alignStrongPoints(outline, edges)
  alignWeakPoints(outline)
  // Back to font units at the nominal scale, so the path writers' own scaling puts y at the hinted pixels.
  // Hinted positions are multiples of 1/64 px, many of them halfway between two tenths of a pixel: a millionth of a
  // pixel up keeps such ties from rounding one way in the cached path writer and the other in the plain one.
  const toUnits = unitsPerEm / (pixelSize * 64)
  const nudge = (unitsPerEm / pixelSize) * 1e-6
  const commands: any[] = []
  const pts = outline.points
  for (let c = 0; c < outline.contours.length; c++) {
    const first = outline.contours[c]
    const last = (c + 1 < outline.contours.length ? outline.contours[c + 1] : pts.length) - 1
    const X = (i: number) => pts[i].ux
    const Y = (i: number) => pts[i].y * toUnits + nudge
    // Start at an on-curve point (or the midpoint of two conic controls).
    let start = -1
    for (let i = first; i <= last; i++) if (!(pts[i].flags & (FLAG_CONIC | FLAG_CUBIC))) { start = i; break }
    const n = last - first + 1
    const at = (k: number) => first + ((start - first + k) % n)
    let sx: number
    let sy: number
    let from = 0
    if (start < 0) {
      start = first
      sx = (X(first) + X(last)) / 2
      sy = (Y(first) + Y(last)) / 2
      from = 0
      commands.push({ type: 'M', x: sx, y: sy })
      // Every point is a conic control: quadratics through the midpoints.
      for (let k = 0; k < n; k++) {
        const i = at(k)
        const j = at(k + 1)
        commands.push({ type: 'Q', x1: X(i), y1: Y(i), x: (X(i) + X(j)) / 2, y: (Y(i) + Y(j)) / 2 })
      }
      commands.push({ type: 'Z' })
      continue
    }
    sx = X(start)
    sy = Y(start)
    commands.push({ type: 'M', x: sx, y: sy })
    from = 1
    for (let k = from; k <= n; ) {
      const i = at(k)
      const p = pts[i]
      if (p.flags & FLAG_CUBIC) {
        const j = at(k + 1)
        const e = at(k + 2)
        commands.push({ type: 'C', x1: X(i), y1: Y(i), x2: X(j), y2: Y(j), x: X(e), y: Y(e) })
        k += 3
      } else if (p.flags & FLAG_CONIC) {
        const j = at(k + 1)
        if (pts[j].flags & FLAG_CONIC) {
          commands.push({ type: 'Q', x1: X(i), y1: Y(i), x: (X(i) + X(j)) / 2, y: (Y(i) + Y(j)) / 2 })
          k += 1
        } else {
          commands.push({ type: 'Q', x1: X(i), y1: Y(i), x: X(j), y: Y(j) })
          k += 2
        }
      } else {
        if (k < n) commands.push({ type: 'L', x: X(i), y: Y(i) })
        k += 1
      }
    }
    commands.push({ type: 'Z' })
  }
  return {
    index: glyph.index,
    advanceWidth: glyph.advanceWidth,
    path: { commands, unitsPerEm: glyph.path.unitsPerEm ?? unitsPerEm },
  }
}
