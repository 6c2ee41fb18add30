/**
 * Pictor (skip-ink-bands, speed only): what an underline's skip-ink needs of a glyph is where its outline crosses
 * the underline's band, sampled on rows every 0.25 px (`computeBandBox` in font.ts). It flattened every curve of
 * every underlined glyph and tested each segment on each row. Only segments that reach the rows can cross them: a
 * glyph whose points (control points included, which bound its curves) all lie above or below the rows is skipped
 * before it is flattened, and the rows test only the segments within their span. The same segments cross the same
 * rows, in the same order, so the boxes are the same.
 */

type Command = { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number }

/** Counts of underlined glyphs whose outline was flattened, and of those skipped without it (this process). */
const stats = { flattened: 0, skipped: 0 }

/** A copy of the counts of glyphs flattened for skip-ink and glyphs skipped without it. */
export function pictorSkipInkStats(): { flattened: number; skipped: number } {
  return { ...stats }
}

/**
 * Slack around the span of a glyph's points: a point of a flattened curve is computed from its control points and
 * may land a rounding error outside them.
 */
const SLACK = 1e-3

/** Whether any segment of the flattened `commands` may reach a row from `first` to `last` (y, inclusive). */
export function mayReachRows(commands: Command[], first: number, last: number): boolean {
  let low = Infinity
  let high = -Infinity
  for (const command of commands) {
    for (const y of [command.y, command.y1, command.y2]) {
      if (y === undefined) continue
      if (y < low) low = y
      if (y > high) high = y
    }
  }
  const reaches = high + SLACK >= first && low - SLACK <= last
  if (reaches) stats.flattened++
  else stats.skipped++
  return reaches
}

/**
 * Whether a segment from y1 to y2 can be crossed by a row from `first` to `last`, as `computeBandBox` tests a row
 * `y`: `y1 !== y2 && min(y1, y2) <= y < max(y1, y2)`.
 */
export function crossesRows(y1: number, y2: number, first: number, last: number): boolean {
  return y1 !== y2 && Math.max(y1, y2) > first && Math.min(y1, y2) <= last
}
