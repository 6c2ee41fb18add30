/**
 * Device scale: the layout is computed in CSS pixels and resvg draws it `scale` times larger (its `zoom`). This
 * module predicts the pixel size resvg gives a CSS size, so the limits can be checked before rendering; it imports
 * nothing (the renderer's own thread validates inputs without loading resvg).
 */

/** Smallest and largest `scale` of a render. */
export const MIN_SCALE = 1;
export const MAX_SCALE = 4;

/**
 * Pixels resvg draws for `css` CSS pixels at `scale`: it multiplies in 32-bit floats and rounds half up
 * (333 × 1.5 → 500). Checked against resvg for every scale the tests use; plain `Math.round(css * scale)` differs
 * at some halves (e.g. 1.1, 1.3).
 */
export function scaledPixels(css: number, scale: number): number {
  return Math.round(Math.fround(Math.fround(css) * Math.fround(scale)));
}

/** The largest whole CSS size drawn in at most `maxPixels` pixels at `scale` (0 when even 1 is too many). */
export function largestCssWithin(maxPixels: number, scale: number): number {
  let css = Math.floor(maxPixels / scale);
  while (css > 0 && scaledPixels(css, scale) > maxPixels) css--;
  while (scaledPixels(css + 1, scale) <= maxPixels) css++;
  return css;
}
