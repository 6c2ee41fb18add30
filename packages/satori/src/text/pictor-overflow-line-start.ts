/**
 * Pictor (overflow-line-start): a line wider than its box is aligned to its
 * start whatever its `text-align` (CSS Text 3 §7.1: "if the inline contents of
 * a line box are too long to fit within it, then the contents are
 * start-aligned"). Blink's `LineOffsetForTextAlign` clamps a centred or
 * right-aligned left-to-right line's offset at zero, so the line spills out of
 * the right side only; it gives an overflowing right-to-left line the offset of
 * a right-aligned one whatever its alignment, so that line spills out of the
 * left side only.
 */

/** The offset of a right-aligned or centred left-to-right line: not below 0 when it overflows. */
export function startWhenOverflowing(offset: number, overflows: boolean) {
  return overflows ? Math.max(0, offset) : offset
}

/**
 * Whether a right-to-left line wider than its box takes the offset of a
 * right-aligned line (its start) instead of its own alignment's.
 */
export function rtlStartsAtRight(rtl: boolean, overflows: boolean) {
  return rtl && overflows
}
