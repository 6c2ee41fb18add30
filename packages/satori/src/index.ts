export type {
  FontOptions as Font,
  Weight as FontWeight,
  FontStyle,
} from './font.js'
export type { Locale } from './language.js'

export type { SatoriOptions, SatoriNode } from './satori.js'
export type { PictorTunings } from './pictor-tunings.js'
export { default } from './satori.js'
export { init } from './layout-engine/wasm.js'
export { setWasmFiles } from './pictor-wasm-files.js'
export { pictorFontStats, parsedFaceOf as pictorParsedFaceOf } from './pictor-lazy-faces.js'
export { pictorShapeStats } from './harfbuzz.js'
export { pictorSkipInkStats } from './text/pictor-skip-ink-bands.js'
export { pictorAncestorFilterStats } from './pictor-ancestor-filter.js'
export { pictorMeasureStats } from './text/measurer.js'
export { pictorLayoutStats } from './pictor-layout-stats.js'
export { pictorMatchStats } from './pictor-match-stats.js'
export { hintedGlyph as pictorHintedGlyph } from './pictor-autohint/index.js'
export { parseFaces as pictorParseFaces } from './satori.js'
export { isDeclarationKept as pictorIsDeclarationKept } from './handler/expand.js'
export { prepareScripts as pictorPrepareScripts } from './pictor-scripts-prepared.js'
export { svgImageLength as pictorSvgImageLength } from './handler/image.js'
export { containmentOf as pictorContainmentOf } from './pictor-containment.js'
