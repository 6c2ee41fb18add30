/**
 * Pictor (overflow-line-start): a line wider than its box is aligned to its
 * start whatever its `text-align` (CSS Text 3 §7.1: "if the inline contents of
 * a line box are too long to fit within it, then the contents are
 * start-aligned"). Blink's `LineOffsetForTextAlign` clamps a centred or
 * right-aligned left-to-right line's offset at zero, so the line spills out of
 * the right side only. Right-to-left lines already spill to the left.
 */

/** The offset of a right-aligned or centred left-to-right line: not below 0 when it overflows. */
export function startWhenOverflowing(offset: number, overflows: boolean) {
  return overflows ? Math.max(0, offset) : offset
}
