/**
 * Pictor (rounded-text-width): the width a text is flowed at when it is drawn. The layout is computed unrounded and
 * then rounded to the pixel grid (`pointScaleFactor`), so a box the layout measured its text in at 627.2 px can come
 * out 628 px (or 627 px) wide. Flowing the text again at the rounded width may break it into fewer (or more) lines
 * than the height the layout gave its box: a heading that needs 627.21 px was drawn on one line in a box two lines
 * tall. Within that rounding, the text is flowed at the width it was last measured at, as Chromium lays lines out at
 * the box's unrounded width.
 */
export function drawWidth(layoutWidth: number, measuredWidth: number | undefined): number {
  if (measuredWidth === undefined || !Number.isFinite(measuredWidth)) return layoutWidth
  return Math.abs(measuredWidth - layoutWidth) < 1 ? measuredWidth : layoutWidth
}
