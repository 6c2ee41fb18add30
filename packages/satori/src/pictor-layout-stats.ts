/**
 * Pictor: counts of layout work in this process, for tests that check how much work a render does without a clock
 * (paragraph-measure-memo: how many times paragraphs were broken into lines; how many times whole trees were laid
 * out). Counting costs an increment; nothing reads them but `pictorLayoutStats()`.
 */

const stats = {
  /** Layouts of a render's whole tree (satori.ts: the first, and each one after the tree's styles changed). */
  treeLayouts: 0,
  /** Paragraphs of inline formatting contexts broken into lines to be measured (text/inline.ts). */
  paragraphMeasures: 0,
  /** Nodes read as candidate floats by the float-band check (layout-engine/pictor-float-bands.ts). */
  floatBandCandidates: 0,
  /** Layouts again of a tree by float-clear-one-side (layout-engine/pictor-float-clear-side.ts). */
  oneSidedClearLayouts: 0,
  /** `font-family` values parsed into lists of families (handler/expand.ts, font-family-memo). */
  fontFamilyParses: 0,
  /** `font-family` values that failed to parse with an error V8 wrote its message for (font-family-memo). */
  fontFamilyFailures: 0,
  /** Styles of inline box fragments copied to be drawn (layout.ts, fragment-cull-first). */
  fragmentStyles: 0,
  /** Elements whose alignment value tables were spread afresh (handler/compute.ts, alignment-tables off). */
  alignmentTablesSpread: 0,
  /** flow-cut: layouts of a cut tree whose cut was accepted (pictor-flow-cut.ts). */
  flowCutsKept: 0,
  /** flow-cut: layouts of a cut tree whose cut lay too high, laid out again. */
  flowCutsRedone: 0,
}

/** Counts one more of `what`. */
export function countLayout(what: keyof typeof stats) {
  stats[what]++
}

/** The counts so far in this process. */
export function pictorLayoutStats(): Readonly<typeof stats> {
  return { ...stats }
}
