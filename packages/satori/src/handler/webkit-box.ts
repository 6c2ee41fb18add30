/**
 * A legacy flexible box, `-webkit-box` or (Pictor webkit-inline-box) its
 * inline form `-webkit-inline-box`: laid out along `-webkit-box-orient`, and
 * a block container whose lines are clamped with a `-webkit-line-clamp`.
 */
export function isWebkitBox(display: unknown): boolean {
  const d = String(display).trim().toLowerCase()
  return d === '-webkit-box' || d === '-webkit-inline-box'
}
