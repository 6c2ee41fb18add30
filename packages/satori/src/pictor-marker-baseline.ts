/**
 * Pictor (outside-marker-baseline): an outside list marker sits on the first line of the item's content with the
 * item's own font and line height, and Chromium aligns its baseline with that line's. When the marker's baseline is
 * further from its top than the line's (a taller line height, or a larger font, on the list item than on the
 * paragraph inside it), the content moves down by the difference (LayoutNG's list marker placement): Boost's
 * `li { line-height: 1.3 }` around `p { line-height: 1.15 }` at 10pt puts every item's paragraph 1 px lower, and a
 * long list of them ends several pixels below where satori put it. The block that holds the markers in its first
 * line gets that difference as top padding: it moves its content and grows the item as in Chromium, and leaves the
 * margins that collapse through the item as they were.
 */

/**
 * How far the first line of a block holding an outside marker goes down: the marker's baseline (from the top of its
 * line box, with the list item's font and line height) less the block's own, or 0.
 */
export function markerBaselineDrop(markerBaseline: number | undefined, ownBaseline: number): number {
  if (markerBaseline === undefined || !Number.isFinite(markerBaseline) || !Number.isFinite(ownBaseline)) return 0
  return Math.max(0, markerBaseline - ownBaseline)
}
