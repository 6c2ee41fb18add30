/**
 * Pictor's speed-only changes to satori, each on by default. Turning one off (`false`) gives the same SVG more
 * slowly: the switches exist to measure what each one earns (docs/layout-engine.md).
 */
export interface PictorTunings {
  /** glyph-path-numbers: glyph outlines written from integer tenths of a pixel (V8's fast number-to-string path). */
  glyphPathNumbers?: boolean
  /** glyph-path-cache: each glyph outline written once per size, slant and sub-pixel offset, then reused. */
  glyphPathCache?: boolean
  /** glyph-runs: text handed over as data through the `glyphRuns` option (ignored when this is false). */
  glyphRuns?: boolean
  /**
   * no-enable-background-scan: no search of the whole document for a backdrop filter to set the root's
   * `enable-background`, which resvg ignores (the search copies the document into one string).
   */
  noEnableBackgroundScan?: boolean
  /**
   * plain-text-graphemes: text whose characters never join a grapheme cluster is split one character per cluster,
   * without Intl.Segmenter. Process-wide: each render sets it (for measurement, one setting per process).
   */
  plainTextGraphemes?: boolean
  /**
   * plain-text-words: printable ASCII text split into words by the rules of Intl.Segmenter's word granularity, without
   * building the segmenter (ICU's break rules: ~15 ms of a process's first render). Process-wide, as above.
   */
  plainTextWords?: boolean
  /** style-sheet-speed: each distinct `<style>` sheet parsed once per thread (a bounded cache by its text). */
  styleSheetCache?: boolean
  /** style-sheet-speed: rules matched through an index by the rightmost compound of their selectors. */
  styleSheetIndex?: boolean
  /** engine-memo: text nodes with the same font settings share one font engine within a render. */
  engineMemo?: boolean
  /**
   * custom-properties-chain: an element that declares custom properties layers them over its inherited ones (the
   * inherited object as prototype) instead of copying all of them.
   */
  customPropertiesChain?: boolean
  /**
   * overflow-mask-as-clip: an `overflow: hidden` box without borders and rounded corners gives its descendants its
   * clip path only, not also a mask that repeats it (pictor-overflow-mask.ts).
   */
  overflowMaskAsClip?: boolean
  /**
   * inline-text-culling: text of paragraphs with inline boxes is not drawn on lines entirely outside of the image,
   * as lines of plain text already are not (text/pictor-inline-culling.ts).
   */
  inlineTextCulling?: boolean
  /**
   * compiled-sheets: the rules compiled from the same parsed sheets at the same viewport kept for the next render
   * (pictor-compiled-sheets.ts; with styleSheetCache, which keeps the parsed sheets).
   */
  compiledSheets?: boolean
  /**
   * leaf-filter-region: the region of the filter functions of an element that draws no descendant is its own paint
   * area, not the image (pictor-filter-region.ts).
   */
  leafFilterRegion?: boolean
  /**
   * shaped-glyphs-direct: HarfBuzz's shaped glyphs read from its glyph arrays in the module's memory, not serialised
   * to JSON text and parsed (harfbuzzjs's `json()`). Process-wide, set by each render.
   */
  shapedGlyphsDirect?: boolean
  /**
   * skip-ink-bands: an underline's skip-ink flattens and tests only the outlines and segments that reach its band
   * (text/pictor-skip-ink-bands.ts).
   */
  skipInkBands?: boolean
  /**
   * ancestor-filter: a style rule whose selector needs an ancestor with a tag, id or class that no ancestor of the
   * element has is not matched (pictor-ancestor-filter.ts).
   */
  ancestorFilter?: boolean
  /**
   * paragraph-measure-memo: a paragraph's sizes kept by the width it is measured at, within a render
   * (text/pictor-measure-memo.ts).
   */
  paragraphMeasureMemo?: boolean
  /**
   * float-bands-index: the check of the bands floats give paragraphs reads the floats of each paragraph's formatting
   * context, listed once per layout, not every node before the paragraph (layout-engine/pictor-float-bands.ts).
   * Process-wide, set by each render.
   */
  floatBandsIndex?: boolean
  /**
   * font-family-memo: each distinct `font-family` value parsed into its list of families once per process (a bounded
   * memo by its text; handler/expand.ts). Process-wide, set by each render.
   */
  fontFamilyMemo?: boolean
  /**
   * fragment-cull-first: the fragment of an inline box that lies outside of the image is culled before its style is
   * copied for drawing (layout.ts).
   */
  fragmentCullFirst?: boolean
  /**
   * alignment-tables: the tables of the values of `align-*` and `justify-*` made once per process, not spread again
   * for each element (handler/compute.ts).
   */
  alignmentTables?: boolean
  /**
   * measure-memo-width-known: a paragraph without floats keeps one size per width whether the width is known or only
   * available: the two differ only by what its floats add (text/pictor-measure-memo.ts; with paragraphMeasureMemo).
   */
  measureMemoWidthKnown?: boolean
  /**
   * flow-cut: of a long document in plain block flow, only the part that can reach the image is laid out, the cut
   * accepted after layout only where it lies below the image (pictor-flow-cut.ts).
   */
  flowCut?: boolean
}

/** `tunings` with every switch that is not `false` on. */
export function resolveTunings(tunings: PictorTunings | undefined): Required<PictorTunings> {
  return {
    glyphPathNumbers: tunings?.glyphPathNumbers !== false,
    glyphPathCache: tunings?.glyphPathCache !== false,
    glyphRuns: tunings?.glyphRuns !== false,
    noEnableBackgroundScan: tunings?.noEnableBackgroundScan !== false,
    plainTextGraphemes: tunings?.plainTextGraphemes !== false,
    plainTextWords: tunings?.plainTextWords !== false,
    styleSheetCache: tunings?.styleSheetCache !== false,
    styleSheetIndex: tunings?.styleSheetIndex !== false,
    engineMemo: tunings?.engineMemo !== false,
    customPropertiesChain: tunings?.customPropertiesChain !== false,
    overflowMaskAsClip: tunings?.overflowMaskAsClip !== false,
    inlineTextCulling: tunings?.inlineTextCulling !== false,
    compiledSheets: tunings?.compiledSheets !== false,
    leafFilterRegion: tunings?.leafFilterRegion !== false,
    shapedGlyphsDirect: tunings?.shapedGlyphsDirect !== false,
    skipInkBands: tunings?.skipInkBands !== false,
    ancestorFilter: tunings?.ancestorFilter !== false,
    paragraphMeasureMemo: tunings?.paragraphMeasureMemo !== false,
    floatBandsIndex: tunings?.floatBandsIndex !== false,
    fontFamilyMemo: tunings?.fontFamilyMemo !== false,
    fragmentCullFirst: tunings?.fragmentCullFirst !== false,
    alignmentTables: tunings?.alignmentTables !== false,
    measureMemoWidthKnown: tunings?.measureMemoWidthKnown !== false,
    flowCut: tunings?.flowCut !== false,
  }
}
