/**
 * Pictor (text-rendering-geometric): `text-rendering: geometricPrecision` as Chromium on Linux draws it. Blink then
 * positions glyphs by subpixels without hinting (fractional advances, outlines as designed, whatever the face's
 * own hinting), and its font metrics take the subpixel branch of `FontMetrics::AscentDescentWithHacks`: when the
 * rounded descent is less than the font's, one pixel moves from the ascent to the descent, so the baseline sits one
 * pixel higher in a line box of the same height (Inter at 16.67 px: ascent 15, descent 5 instead of 16 and 4).
 */

/** Whether a `text-rendering` value is `geometricPrecision` (keywords are case-insensitive). */
export function isGeometricPrecision(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() === 'geometricprecision'
}

/**
 * The line's ascent and descent in whole pixels, each rounded as Chromium rounds them; with subpixel positioning,
 * a descent rounded down borrows one pixel from the ascent.
 */
export function roundedAscentDescent(
  ascent: number,
  descent: number,
  subpixel: boolean
): [number, number] {
  const a = Math.round(ascent)
  const d = Math.round(descent)
  return subpixel && d < descent && a >= 1 ? [a - 1, d + 1] : [a, d]
}
