/**
 * FreeType's fixed-point helpers (ftcalc.c) as the auto-hinter uses them: 16.16 scales, 26.6 pixel positions.
 * The results are the same integers FreeType computes, so the hinted outlines land on the same 1/64 px.
 */

/** FT_MulFix: a × b / 65536, rounded half away from zero. */
export function mulFix(a: number, b: number): number {
  const r = Math.floor((Math.abs(a) * Math.abs(b) + 0x8000) / 65536)
  return (a < 0) !== (b < 0) ? -r : r
}

/** FT_DivFix: a × 65536 / b, rounded half away from zero. */
export function divFix(a: number, b: number): number {
  if (b === 0) return 0x7fffffff
  const r = Math.floor((Math.abs(a) * 65536 + Math.abs(b) / 2) / Math.abs(b))
  return (a < 0) !== (b < 0) ? -r : r
}

/** FT_MulDiv: a × b / c, rounded half away from zero. */
export function mulDiv(a: number, b: number, c: number): number {
  if (c === 0) return 0x7fffffff
  const r = Math.floor((Math.abs(a) * Math.abs(b) + Math.abs(c) / 2) / Math.abs(c))
  return (a < 0) !== (b < 0) !== (c < 0) ? -r : r
}

/** FT_PIX_ROUND: to the nearest whole pixel in 26.6. */
export const pixRound = (x: number) => Math.floor((x + 32) / 64) * 64

/** C's integer division (towards zero). */
export const idiv = (a: number, b: number) => Math.trunc(a / b)

/** FT_HYPOT's approximation of a vector's length. */
function hypot(x: number, y: number) {
  x = Math.abs(x)
  y = Math.abs(y)
  return x > y ? x + ((3 * y) >> 3) : y + ((3 * x) >> 3)
}

/** ft_corner_is_flat: whether the in and out vectors make (almost) a straight line. */
export function cornerIsFlat(inX: number, inY: number, outX: number, outY: number) {
  const dIn = hypot(inX, inY)
  const dOut = hypot(outX, outY)
  const dHypot = hypot(inX + outX, inY + outY)
  return dIn + dOut - dHypot < dHypot >> 4
}
