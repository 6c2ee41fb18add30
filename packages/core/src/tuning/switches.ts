/**
 * The one place that names every performance tuning and switches it (RendererOptions.tunings). A tuning makes renders
 * faster with the same pixels (within rounding) and earns its place by it: `node benchmarks/render/fresh.mjs --only
 * tunings` renders fresh content with each one on and off, side by side from one build, and prints the gain and
 * the pixel difference (benchmarks/RESULTS.md, "Every tuning switched off, from one build"). One that gains less than 5% on every
 * card and format is removed. The switches are for measuring: every tuning is on by default, and a service has no
 * reason to switch one off.
 */
import { PictorError } from '../errors.js';
import type { Tunings } from '../types.js';

/** Every switch, each with where its tuning lives. */
export const TUNING_SWITCHES = {
  // SVG rewrites before resvg (tuning/svg-rewrites.ts)
  gradientPatterns: "satori's single-tile gradient patterns inlined (tuning/svg-rewrites.ts)",
  imageMasks: 'overflow masks of clipped pictures that change no pixel dropped (tuning/svg-rewrites.ts)',
  borderStrokes:
    "satori's strokes of wide border sides trimmed to their box, transparent ones dropped (tuning/svg-rewrites.ts)",
  // Raster stages (raster/)
  canvasGradient: 'a canvas-filling linear gradient painted under the raster (raster/canvas-gradient.ts)',
  textLayer: 'text painted over the raster from glyph masks kept per worker (raster/text-layer.ts)',
  solidCanvas:
    'a raster of one colour (what the painters left) filled without resvg (raster/solid-canvas.ts)',
  canvasReuse:
    "a raster's buffer kept for the next render of the thread once encoded (raster/canvas-pool.ts)",
  prescaledImages:
    'raster pictures decoded once per worker, scaled to the pixels they cover (raster/prescaled-images.ts)',
  prescaledEmoji: 'SVG pictures (emoji) drawn once per worker on their own box (raster/prescaled-images.ts)',
  pictureLayer:
    'prepared pictures on whole pixels composited from their pixels, not drawn by resvg (raster/picture-layer.ts)',
  shadowPictures:
    "satori's box shadows blurred by libvips and drawn as pictures, not as resvg filters (raster/shadow-pictures.ts)",
  filterContentRegion:
    "satori's drop shadows and blurs of a group filtered over what it draws, not the whole image (svg/filter-content-region.ts)",
  // The PNG writer (encode/)
  pngWriter: "opaque PNGs written by packing rows to RGB and Node's zlib instead of sharp (encode/png.ts)",
  pngPhotoRows: 'PNG rows of photographs Sub-filtered at zlib level 1 (encode/png.ts)',
  deflateHalves: 'PNG rows of 3 MB and more deflated as two halves at once (encode/deflate-halves.ts)',
  // Worker processes (pool/, tuning/)
  heapGrowing: "V8's heap growing factor of workers set by heapGrowingPercent (tuning/heap-growing.ts)",
  largePages:
    "large OS pages for resvg's allocator in worker processes, with workerResvgPurgeDelayMs -1 (tuning/allocator.ts)",
  singleThreadedGc: 'worker processes collect garbage on their own thread (pool/worker-handle.ts)',
  baselineLargeFunctions:
    "functions of over 20,000 bytes of bytecode (satori's layout) not optimized by V8 in worker processes (pool/worker-handle.ts)",
  lateOptimization:
    'functions optimized by V8 in worker processes after 4× its interrupt budget of their bytecode ran (tuning/late-optimization.ts)',
  encoderThreads: 'one libvips thread per encode in workers, no operation cache (encode/sharp.ts)',
  // Style sheets (html/style-sheets/, satori patch style-sheet-speed)
  styleSheetCache:
    'each distinct style sheet parsed once per worker (html/style-sheets/sheet-cache.ts, satori patch style-sheet-speed)',
  styleSheetIndex:
    'style rules matched through an index by their rightmost compound (html/style-sheets/rule-index.ts, satori patch style-sheet-speed)',
  // The layout engine (satori; layout/)
  glyphRuns: 'text handed over as glyph runs, not path data (layout/glyph-runs.ts, satori patch glyph-runs)',
  glyphPathNumbers: 'glyph coordinates written from integers (satori patch glyph-path-numbers)',
  glyphPathCache: "glyph outlines' path data kept per size and offset (satori patch glyph-path-cache)",
  noEnableBackgroundScan:
    'no search of the document for BackgroundImage (satori patch no-enable-background-scan)',
  plainTextGraphemes: 'plain text split without Intl.Segmenter (satori patch plain-text-graphemes)',
  plainTextWords: 'plain ASCII text split into words without Intl.Segmenter (satori patch plain-text-words)',
  engineMemo: 'one font engine per font setting and render, not per text node (satori patch engine-memo)',
  customPropertiesChain:
    "an element's own custom properties layered over the inherited ones, not a copy of them all (satori patch custom-properties-chain)",
  overflowMaskAsClip:
    'no content mask for an overflow: hidden box without borders and rounded corners, only its clip path (satori patch overflow-mask-as-clip)',
  inlineTextCulling:
    'text of paragraphs with inline boxes not drawn on lines outside of the image (satori patch inline-text-culling)',
  compiledSheets:
    'the rules compiled from the same style sheets at the same viewport kept for the next render (satori patch compiled-sheets)',
  leafFilterRegion:
    'filter functions of an element without drawn descendants filtered over its own paint area, not the image (satori patch leaf-filter-region)',
  shapedGlyphsDirect:
    "HarfBuzz's shaped glyphs read from its memory, not serialised to JSON and parsed (satori patch shaped-glyphs-direct)",
  skipInkBands:
    "an underline's skip-ink flattens only the glyphs that reach its band (satori patch skip-ink-bands)",
  ancestorFilter:
    'style rules whose selector needs an ancestor tag, id or class the ancestors lack not matched (satori patch ancestor-filter)',
  paragraphMeasureMemo:
    "a paragraph's sizes kept by the width it was measured at, within a render: not broken into lines again (satori patch paragraph-measure-memo)",
  floatBandsIndex:
    "the float-band check reads the floats of each paragraph's formatting context, listed once per layout, not every node before it (satori patch float-bands-index)",
  fontFamilyMemo:
    'each distinct font-family value parsed into its list of families once per process (satori patch font-family-memo)',
  fragmentCullFirst:
    "an inline box's fragment outside the image culled before its style is copied for drawing (satori patch fragment-cull-first)",
  alignmentTables:
    'the tables of the align-* and justify-* values made once, not for each element (satori patch alignment-tables)',
  measureMemoWidthKnown:
    'a paragraph without floats keeps one size per width whether the width is known or only available (satori patch measure-memo-width-known)',
  flowCut:
    'of a long document in plain block flow, only the part that can reach the image laid out; the cut kept only where it lies below the image (satori patch flow-cut)',
} as const satisfies Record<keyof Tunings, string>;

/** The switches satori itself takes (its option `pictorTunings`, packages/satori/src/pictor-tunings.ts). */
export const SATORI_TUNINGS = [
  'glyphPathNumbers',
  'glyphPathCache',
  'noEnableBackgroundScan',
  'plainTextGraphemes',
  'plainTextWords',
  'styleSheetCache',
  'styleSheetIndex',
  'engineMemo',
  'customPropertiesChain',
  'overflowMaskAsClip',
  'inlineTextCulling',
  'compiledSheets',
  'leafFilterRegion',
  'shapedGlyphsDirect',
  'skipInkBands',
  'ancestorFilter',
  'paragraphMeasureMemo',
  'floatBandsIndex',
  'fontFamilyMemo',
  'fragmentCullFirst',
  'alignmentTables',
  'measureMemoWidthKnown',
  'flowCut',
] as const satisfies readonly (keyof Tunings)[];

/** The name of a tuning's switch. */
export type TuningName = keyof typeof TUNING_SWITCHES;

/** Every switch set: what a render environment and a worker get. */
export type ResolvedTunings = Readonly<Record<TuningName, boolean>>;

/** The names of all switches, in the order of TUNING_SWITCHES. */
export const TUNING_NAMES = Object.keys(TUNING_SWITCHES) as TuningName[];

/** Every tuning on: the default. */
export const ALL_TUNINGS_ON: ResolvedTunings = Object.freeze(
  Object.fromEntries(TUNING_NAMES.map((name) => [name, true])) as Record<TuningName, boolean>,
);

/**
 * `tunings` (RendererOptions) with every switch not given on.
 * @throws PictorError INVALID_INPUT for a value that is not an object of known names with boolean values.
 */
export function resolveTunings(value: unknown): ResolvedTunings {
  if (value === undefined) return ALL_TUNINGS_ON;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PictorError(
      'INVALID_INPUT',
      'tunings: must be an object of switches, e.g. { textLayer: false }',
      {
        field: 'tunings',
        rule: 'type',
      },
    );
  }
  const resolved: Record<TuningName, boolean> = { ...ALL_TUNINGS_ON };
  for (const [name, on] of Object.entries(value)) {
    if (!(name in TUNING_SWITCHES)) {
      throw new PictorError(
        'INVALID_INPUT',
        `tunings.${name}: is not a known tuning (known: ${TUNING_NAMES.join(', ')})`,
        { field: `tunings.${name}`, rule: 'unknown' },
      );
    }
    if (typeof on !== 'boolean') {
      throw new PictorError('INVALID_INPUT', `tunings.${name}: must be true or false`, {
        field: `tunings.${name}`,
        rule: 'type',
      });
    }
    resolved[name as TuningName] = on;
  }
  return Object.freeze(resolved);
}
