/**
 * Pictor (line-fit-layout-unit): how wide a line may be and still fit, as Chromium's line breaker decides it. Chromium
 * compares the line's width, each text item's width rounded up to its layout unit (1/64 px), with the available width
 * in layout units plus one layout unit (`LineBreaker::AvailableWidthToFit`, which allows for rounding), so a line of
 * one text item up to 1/64 px wider than its box stays on it. A line wider than the returned limit breaks.
 */
export function lineFitLimit(available: number): number {
  if (!Number.isFinite(available)) return available
  // The small terms keep a width that is a whole number of layout units, up to floating point error, at that number.
  return Math.floor(available * 64 + 1e-6) / 64 + 1 / 64 + 1e-7
}

/**
 * The text run a word is all in, or null: a line whose words are all in one run is one text item for Chromium, whose
 * width is rounded up once (a line of several items has each rounded up, which the limit does not model: such lines
 * keep the exact width).
 */
export function textRunOf<R>(word: { segments: { item: { kind: string; run?: R } }[] }): R | null {
  let run: R | undefined
  for (const { item } of word.segments) {
    if (item.kind !== 'text' || (run !== undefined && item.run !== run)) return null
    run = item.run
  }
  return run ?? null
}
