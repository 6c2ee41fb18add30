/**
 * Pictor (glyph-path-numbers): `k` tenths of a pixel (an integer) as the text
 * `${round(k / 10)}` gives, written from integers: for a fraction, the
 * number-to-string conversion runs the shortest-round-trip algorithm, about
 * half the layout time of a text-heavy page; V8 converts integers on a fast
 * path.
 */
export function tenthsText(k: number): string {
  if (k === 0) return '0'
  let sign = ''
  if (k < 0) {
    sign = '-'
    k = -k
  }
  const d = k % 10
  return d === 0 ? sign + (k - d) / 10 : sign + (k - d) / 10 + '.' + d
}

/** `round(value)` as text (tenths, half away from zero), through tenthsText. */
export function tenths(value: number): string {
  return tenthsText(
    value < 0 ? -Math.round(-value * 10) : Math.round(value * 10)
  )
}
