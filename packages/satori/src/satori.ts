import { drawBackdrops } from './pictor-backdrop.js'
import { Counters } from './list-marker.js'
import { type FaceSetUp, setFaceSetUp } from './pictor-face-set-up.js'
import { resolveTunings, type PictorTunings } from './pictor-tunings.js'
import { setPlainTextGraphemes } from './pictor-graphemes.js'
import { setPlainTextWords } from './pictor-words.js'
import { fitTableColumns } from './pictor-table-fit.js'
import { layoutChanged } from './text/pictor-measure-memo.js'
import type { InlineBox } from './text/inline.js'
import { countLayout } from './pictor-layout-stats.js'
import { cutFlow, flowCutAccepted, type FlowCut } from './pictor-flow-cut.js'
import { cachedStyleError } from './pictor-sheet-cache.js'
import type { ReactElement, ReactNode } from 'react'
import type { TwConfig } from 'twrnc'
import type { SatoriNode } from './layout.js'
import {
  getStyleError,
  ROOT_STYLE,
  type ReplacedElementHandlers,
} from './handler/compute.js'
import type { ProjectPlane } from './builder/transform.js'

import layout from './layout.js'
import FontLoader, { FontOptions } from './font.js'
import svg from './builder/svg.js'
import { getLayoutEngine } from './layout-engine/wasm.js'
import { LayoutNode, type LayoutEngine } from './layout-engine/index.js'
import { detectLanguageCode, LangCode, Locale } from './language.js'
import getTw from './handler/tailwind.js'
import { preProcessNode } from './handler/preprocess.js'
import { resolveComponents } from './handler/components.js'
import {
  applyStyleSheets,
  type ContainerQueries,
  type FirstLines,
  setStyleAttributeProp,
} from './handler/stylesheet.js'
import { cache, inflightRequests } from './handler/image.js'
import { segment } from './utils.js'
import { initHarfBuzz, setShapedGlyphsDirect } from './harfbuzz.js'
import { setFloatBandsIndex } from './layout-engine/pictor-float-bands.js'
import { setFontFamilyMemo } from './handler/expand.js'
import type { PaintBounds } from './culling.js'
import {
  sizeStaticPositionPlaceholders,
  type FixedElement,
} from './fixed-position.js'

// We don't need to initialize the opentype instances every time.
const fontCache = new WeakMap()

// Users often build the `fonts` array inline on every render while reusing
// the same underlying font data buffers. Identify loaders by the identity of
// each font's data buffer plus its metadata, so an equivalent inline array
// still hits the cached FontLoader (and its shaping caches).
const fontDataIds = new WeakMap<FontOptions['data'], number>()
let nextFontDataId = 0
const MAX_FONT_LOADERS = 8
const fontLoaderCache = new Map<string, FontLoader>()

function getFontLoaderKey(fonts: FontOptions[]): string {
  let key = ''
  for (const font of fonts) {
    let id = fontDataIds.get(font.data)
    if (id === undefined) {
      id = ++nextFontDataId
      fontDataIds.set(font.data, id)
    }
    key += `${id}:${font.name}:${font.weight ?? ''}:${font.style ?? ''}:${
      font.lang ?? ''
    }:${font.wholePixelAdvances ?? ''}:${font.weightRange ?? ''}:${
      font.unicodeRange ?? ''
    };`
  }
  return key
}

function getFontLoader(
  fonts: FontOptions[],
  layoutEngine: LayoutEngine
): FontLoader {
  // Fast path: the exact same array instance.
  if (fontCache.has(fonts)) {
    return fontCache.get(fonts)
  }

  const key = getFontLoaderKey(fonts)
  let loader = fontLoaderCache.get(key)

  if (!loader) {
    loader = new FontLoader(fonts, (data) => layoutEngine.decodeWoff2(data))
    if (fontLoaderCache.size >= MAX_FONT_LOADERS) {
      const oldestKey = fontLoaderCache.keys().next().value
      if (oldestKey !== undefined) fontLoaderCache.delete(oldestKey)
    }
    fontLoaderCache.set(key, loader)
  }

  fontCache.set(fonts, loader)
  return loader
}

export type SatoriOptions = (
  | {
      width: number
      height: number
    }
  | {
      width: number
    }
  | {
      height: number
    }
) & {
  fonts: FontOptions[]
  embedFont?: boolean
  debug?: boolean
  graphemeImages?: Record<string, string>
  loadAdditionalAsset?: (
    languageCode: string,
    segment: string
  ) => Promise<string | Array<FontOptions>>
  tailwindConfig?: TwConfig
  onNodeDetected?: (node: SatoriNode) => void
  /**
   * Called with the error of each invalid or unsupported style declaration,
   * which is then ignored instead of failing the render.
   */
  onStyleError?: (error: Error) => void
  /**
   * Converts colors that SVG renderers may not support, like `oklch()`,
   * `lab()` and `color-mix()`, to `rgb()` and `rgba()`. Set it to `false` to
   * keep them as they are written. Defaults to `true`.
   */
  convertColors?: boolean
  pointScaleFactor?: number
  /**
   * Pictor: round each glyph's advance and kerning to whole pixels and draw
   * glyphs at whole-pixel x, as Chromium on Linux lays text out at device
   * scale 1 (no subpixel positioning). Defaults to `false`. A face's own
   * `wholePixelAdvances` (in `fonts`) outranks it for that face's glyphs.
   */
  wholePixelAdvances?: boolean
  /**
   * Pictor (empty-inline-strut): the document is in quirks or limited-quirks
   * mode, where inline boxes without text add no strut to their line.
   */
  lineHeightQuirk?: boolean
  /**
   * Pictor (style-attribute-selectors): elements carry their style attribute
   * as written in `data-pictor-style` (the `style` prop holds declarations);
   * an element without that prop has no style attribute for selectors.
   */
  styleAttributeProp?: boolean
  /**
   * Pictor (autohint-light): device pixels per CSS pixel of the image the SVG
   * is drawn into. Glyphs of faces with fractional advances (web faces) are
   * hinted vertically for that pixel grid, as FreeType's light auto-hinter
   * does in Chromium; 0 draws every outline unhinted. Defaults to 1.
   */
  hintScale?: number
  /**
   * Pictor (glyph-runs): an array to receive the glyphs of each text run as
   * data; a text path's data is then the token `~N`, N the run's index here.
   * Each run is a flat list of three entries per glyph: its start in tenths of
   * a pixel and its relative outline, or NaN, NaN and absolute path data.
   * Synthetic bold is written as before.
   */
  glyphRuns?: unknown[][]
  /** Pictor: its speed-only changes, each on unless `false` (for measurement). */
  pictorTunings?: PictorTunings
  /**
   * Pictor (face-set-up-untimed): runs a face's one-time set-up (its first
   * shaping, its glyph script table), so that a caller timing the render can
   * leave that set-up out, as it leaves out loading the font.
   */
  faceSetUp?: FaceSetUp
}
export type { SatoriNode }
export type { PictorTunings }

const satori: (element: ReactNode, options: SatoriOptions) => Promise<string> =
  render
export default satori

/**
 * @internal Extensions provided by `satori/experimental`.
 */
export interface RenderExtensions {
  /** Elements such as `<canvas>` that are drawn as images. */
  replacedElements?: ReplacedElementHandlers
  /** Draws elements with perspective. */
  projectPlane?: ProjectPlane
}

/**
 * @internal Render with extensions. Not exported from the root entry.
 */
/**
 * Pictor (lazy-faces): parse now every face of `fonts` that is not parsed yet (faces are otherwise parsed when a
 * render first needs them), so a caller can pay for it outside a render's time limit — a font set just loaded.
 */
export async function parseFaces(fonts: FontOptions[]): Promise<void> {
  const layoutEngine = await getLayoutEngine()
  if (!layoutEngine) {
    throw new Error('Satori is not initialized: expect the layout engine to be loaded')
  }
  // Not kept among the cached loaders: no render has this list.
  new FontLoader(fonts, (data) => layoutEngine.decodeWoff2(data)).parseAll()
}

export async function render(
  element: ReactNode,
  options: SatoriOptions,
  { replacedElements, projectPlane }: RenderExtensions = {}
): Promise<string> {
  // Initialize the layout and shaping engines together.
  const [layoutEngine] = await Promise.all([getLayoutEngine(), initHarfBuzz()])
  // Pictor (plain-text-graphemes): process-wide, as the segmenter's cache is.
  setPlainTextGraphemes(options.pictorTunings?.plainTextGraphemes !== false)
  setStyleAttributeProp(options.styleAttributeProp === true)
  // Pictor (plain-text-words): likewise.
  setPlainTextWords(options.pictorTunings?.plainTextWords !== false)
  // Pictor (shaped-glyphs-direct): likewise.
  setShapedGlyphsDirect(options.pictorTunings?.shapedGlyphsDirect !== false)
  // Pictor (float-bands-index): likewise.
  setFloatBandsIndex(options.pictorTunings?.floatBandsIndex !== false)
  // Pictor (font-family-memo): likewise.
  setFontFamilyMemo(options.pictorTunings?.fontFamilyMemo !== false)
  // Pictor (face-set-up-untimed): likewise.
  setFaceSetUp(options.faceSetUp)
  if (!layoutEngine) {
    throw new Error(
      'Satori is not initialized: expect the layout engine to be loaded, got ' +
        layoutEngine
    )
  }

  options.fonts = options.fonts || []

  // Pictor (render-scoped-fonts): fonts this render adds stay with it.
  const font = getFontLoader(options.fonts, layoutEngine).forRender()

  const definedWidth = 'width' in options ? options.width : undefined
  const definedHeight = 'height' in options ? options.height : undefined

  // Use a null-prototype object so that text matching Object.prototype property
  // names (e.g. "constructor", "toString") doesn't inherit truthy values from
  // the prototype chain when we look it up via `graphemeImages[text]`.
  const graphemeImages = Object.assign(
    Object.create(null),
    options.graphemeImages
  )
  // Some Chinese characters have different glyphs in Chinese and
  // Japanese, but their Unicode is the same. If the user needs to display
  // the Chinese and Japanese characters simultaneously correctly, the user
  // needs to download the Chinese and Japanese fonts, respectively.
  // Assuming that the user has downloaded the corresponding Japanese font,
  // to let the program realize that the font has not been downloaded in Chinese,
  // we need to prohibit Japanese as the fallback when executing `engine.has`.
  //
  // This causes a problem. Consider a scenario where we need to display Chinese
  // correctly under tags with `lang="ja"` set. `engine.has` will repeatedly treat
  // the Chinese as missing font because we have removed the Chinese as a fallback.
  // To address this situation, we may need to add `processedWordsMissingFont`
  const processedWordsMissingFonts = new Set()

  // Render the components first, so that the whole tree is known before
  // layout, including the images to load and the elements that stylesheets
  // apply to.
  element = await resolveComponents(element)
  // Style errors of a first pass, which container queries need, are reported
  // by the second one instead.
  let pendingErrors: Error[] | undefined = []
  const onStyleError =
    options.onStyleError &&
    ((error: Error) =>
      pendingErrors ? pendingErrors.push(error) : report(error))

  cache.clear()
  inflightRequests.clear()

  let containers: ContainerQueries = {}
  let firstLines: FirstLines | undefined
  // Pictor (flow-cut): a long document's flow laid out only as far as the
  // image can show (pictor-flow-cut.ts): the cut is checked after layout,
  // and the layout made again with a larger part, then all, if it fails.
  // Style errors wait for the layout that is kept.
  let flowScale = options.pictorTunings?.flowCut === false ? 0 : 1
  let cut: FlowCut | undefined
  // The characters of a cut that ended above the image: a larger part that keeps no more (a block holds them all,
  // e.g. lines that do not wrap) would end there again, so everything is laid out instead.
  let failedKept = -1
  let reported: Error[] = []
  const report = (error: Error) => reported.push(error)
  let pass: Awaited<ReturnType<typeof layOut>>
  for (;;) {
    reported = []
    pass = await layOutPasses()
    if (!cut) break
    const accepted = flowCutAccepted(cut, definedHeight ?? 0)
    if (process.env.PICTOR_FLOW_CUT_DEBUG) console.error('flow-cut', accepted ? 'accepted' : 'redone')
    if (accepted) {
      countLayout('flowCutsKept')
      break
    }
    countLayout('flowCutsRedone')
    flowScale = flowScale === 1 ? 4 : 0
    failedKept = cut.kept
  }
  for (const error of reported) options.onStyleError?.(error)

  // What's entirely outside of the image isn't drawn.
  pass.paintBounds.width = pass.root.layout.width
  pass.paintBounds.height = pass.root.layout.height
  // Pictor (backdrop-snapshot): backdrops copy what is drawn before them.
  const content = drawBackdrops(
    (await pass.handler.next([0, 0])).value as string
  )

  return svg({
    width: pass.root.layout.width,
    height: pass.root.layout.height,
    content,
    // Pictor (no-enable-background-scan).
    scanBackground: options.pictorTunings?.noEnableBackgroundScan === false,
  })

  /** The layout passes of a render: container queries' and first lines' after the first. */
  async function layOutPasses() {
    containers = {}
    firstLines = undefined
    pendingErrors = []
    let pass = await layOut()
    if (containers.queried) {
      // Container queries use the content box of containers.
      containers.sizes = new Map()
      for (const [index, node] of pass.containerNodes) {
        const { width, height, padding, border } = node.layout
        if (!padding || !border) continue
        containers.sizes.set(index, {
          width:
            width - padding.left - padding.right - border.left - border.right,
          height:
            height - padding.top - padding.bottom - border.top - border.bottom,
        })
      }
      pendingErrors = undefined
      pass = await layOut()
    } else {
      const errors = pendingErrors
      pendingErrors = undefined
      for (const error of errors) report(error)
    }
    // Pictor (first-line): a block container whose first-line content took
    // more than one line is laid out again with only its first line's part in
    // the pseudo-element's style (pictor-first-line.ts). Errors were reported
    // by the pass before, but for a first line not drawn.
    firstLines = splitFirstLines(pass.firstLineBoxes)
    if (firstLines.size) {
      pendingErrors = []
      pass = await layOut()
      const errors = pendingErrors
      pendingErrors = undefined
      for (const error of errors) {
        if (error.message.startsWith('::first-line')) report(error)
      }
    }
    return pass
  }

  /**
   * Applies the stylesheets and lays out the tree, which is drawn by the last
   * step of `handler`.
   */
  async function layOut() {
    // Like in browsers, invalid declarations of stylesheets are dropped.
    const tree = await applyStyleSheets(
      element,
      layoutEngine,
      { width: definedWidth, height: definedHeight },
      {
        getError: (name, value) => {
          const convertColors = options.convertColors ?? true
          const check = () => getStyleError({ [name]: value }, convertColors)
          // Pictor (style-sheet-speed): each declaration checked once per thread.
          return options.pictorTunings?.styleSheetCache === false
            ? check()
            : cachedStyleError(name, value, convertColors, check)
        },
        onError: onStyleError,
      },
      containers,
      // Pictor (style-sheet-speed).
      {
        styleSheetCache: options.pictorTunings?.styleSheetCache !== false,
        styleSheetIndex: options.pictorTunings?.styleSheetIndex !== false,
        compiledSheets: options.pictorTunings?.compiledSheets !== false,
        ancestorFilter: options.pictorTunings?.ancestorFilter !== false,
      },
      firstLines
    )
    const svgFilters = new Map<string, ReactElement>()
    await preProcessNode(tree, svgFilters)
    // Pictor (flow-cut): the styled tree without what cannot reach the image.
    cut = undefined
    let laidOut: ReactNode = tree
    if (flowScale) {
      let made = cutFlow(tree, { width: definedWidth, height: definedHeight }, flowScale)
      if ('tree' in made && made.kept <= failedKept) made = { refused: 'no more kept than the cut that ended above' }
      if ('tree' in made) {
        cut = made
        laidOut = made.tree
      }
      if (process.env.PICTOR_FLOW_CUT_DEBUG) console.error('flow-cut', flowScale, 'refused' in made ? made.refused : `kept ${made.kept} of ${made.total} slack ${made.slack}`)
    }

    // Like the initial containing block, the root element is laid out in a
    // block formatting context.
    const root = new LayoutNode({
      display: 'flow-root',
      width: definedWidth || 'auto',
      height: definedHeight || 'auto',
      overflowX: 'hidden',
      overflowY: 'hidden',
    })

    const fixedElements: FixedElement[] = []
    const containerNodes = new Map<number, LayoutNode>()
    const firstLineBoxes = new Map<number, InlineBox[]>()
    const paintBounds: PaintBounds = { width: 0, height: 0 }
    const handler = layout(laidOut, {
      id: 'id',
      parentStyle: {},
      inheritedStyle: {
        ...ROOT_STYLE,

        // Special style properties:
        _viewportWidth: definedWidth,
        _viewportHeight: definedHeight,
        _wholePixelAdvances: options.wholePixelAdvances === true,
        _lineHeightQuirk: options.lineHeightQuirk === true,
        _hintScale:
          typeof options.hintScale === 'number' &&
          Number.isFinite(options.hintScale) &&
          options.hintScale >= 0
            ? options.hintScale
            : 1,
        _pictorTunings: resolveTunings(options.pictorTunings) as any,
        _glyphRuns:
          Array.isArray(options.glyphRuns) &&
          options.pictorTunings?.glyphRuns !== false
            ? (options.glyphRuns as any)
            : undefined,
      },
      parent: root,
      font,
      embedFont: options.embedFont,
      debug: options.debug,
      graphemeImages,
      canLoadAdditionalAssets: !!options.loadAdditionalAsset,
      onNodeDetected: options.onNodeDetected,
      onStyleError,
      convertColors: options.convertColors ?? true,
      pointScaleFactor: options.pointScaleFactor,
      replacedElements,
      projectPlane,
      // Fixed elements are positioned relative to the viewport by default.
      fixedContainingBlock: { node: root, offset: { left: 0, top: 0 } },
      counters: new Counters(),
      // Sticky elements stick to the viewport by default.
      parentBox: { node: root, offset: { left: 0, top: 0 } },
      scrollport: { node: root, offset: { left: 0, top: 0 } },
      // So are absolutely positioned ones without a positioned ancestor.
      absoluteContainingBlock: { node: root, offset: { left: 0, top: 0 } },
      fixedElements,
      paintBounds,
      svgFilters,
      floats: { found: false },
      formattingContext: 'root',
      containers: containerNodes,
      firstLines: firstLineBoxes,
      computeLayout: (node, { width, height, exact }) =>
        layoutEngine.computeLayout(node, {
          width,
          height,
          pointScaleFactor: exact ? 0 : options.pointScaleFactor,
        }),
      getTwStyles: (tw, style) => {
        const twToStyles = getTw({
          width: definedWidth,
          height: definedHeight,
          config: options.tailwindConfig,
        })
        const twStyles = { ...twToStyles([tw] as any) }
        if (typeof twStyles.lineHeight === 'number') {
          twStyles.lineHeight =
            twStyles.lineHeight / (+twStyles.fontSize || style.fontSize || 16)
        }
        if (twStyles.shadowColor && twStyles.boxShadow) {
          twStyles.boxShadow = (twStyles.boxShadow as string).replace(
            /rgba?\([^)]+\)/,
            twStyles.shadowColor as string
          )
        }
        return twStyles
      },
    })

    const segmentsMissingFont = (await handler.next()).value as {
      word: string
      locale?: Locale
    }[]

    if (options.loadAdditionalAsset) {
      if (segmentsMissingFont.length) {
        const languageCodes = convertToLanguageCodes(segmentsMissingFont)
        const fonts: FontOptions[] = []
        const images: Record<string, string> = {}

        await Promise.all(
          Object.entries(languageCodes).flatMap(([code, segments]) =>
            segments.map((_segment) => {
              const key = `${code}_${_segment}`
              if (processedWordsMissingFonts.has(key)) {
                return null
              }
              processedWordsMissingFonts.add(key)

              return options
                .loadAdditionalAsset(code, _segment)
                .then((asset: any) => {
                  if (typeof asset === 'string') {
                    images[_segment] = asset
                  } else if (asset) {
                    if (Array.isArray(asset)) {
                      fonts.push(...asset)
                    } else {
                      fonts.push(asset)
                    }
                  }
                })
            })
          )
        )

        // Directly mutate the font provider and the grapheme map.
        font.addFonts(fonts)
        Object.assign(graphemeImages, images)
      }
    }

    await handler.next()
    const layoutOptions = {
      width: definedWidth,
      height: definedHeight,
      pointScaleFactor: options.pointScaleFactor,
    }
    countLayout('treeLayouts')
    layoutEngine.computeLayout(root, layoutOptions)
    // Pictor (table-narrow-columns): tables narrower than their columns want
    // get Chromium's column widths (their cells' min-content widths measured
    // then), and the tree is laid out again (once more for each level of
    // nested tables that changes, up to four).
    const layOutAlone = (
      node: LayoutNode,
      { width }: { width?: number | 'min-content' }
    ) => layoutEngine.computeLayout(node, { width, pointScaleFactor: 0 })
    for (let pass = 0; pass < 4 && fitTableColumns(root, layOutAlone); pass++) {
      // Pictor (paragraph-measure-memo): boxes in paragraphs may differ now.
      layoutChanged()
      countLayout('treeLayouts')
      layoutEngine.computeLayout(root, layoutOptions)
    }
    // The static position of a fixed element depends on its size.
    if (sizeStaticPositionPlaceholders(fixedElements)) {
      layoutChanged()
      countLayout('treeLayouts')
      layoutEngine.computeLayout(root, layoutOptions)
    }

    return { root, handler, containerNodes, paintBounds, firstLineBoxes }
  }
}

/**
 * Pictor (first-line): the first lines to split, by the serial of their block
 * container: the units on the first line of those whose `::first-line`
 * content took more lines, -1 for those that cannot be split (their content
 * in more than one paragraph, or none of it on the first line).
 */
function splitFirstLines(boxes: Map<number, InlineBox[]>): FirstLines {
  const split: FirstLines = new Map()
  for (const [serial, list] of boxes) {
    const paragraphs = new Set(list.flatMap((box) => box.paragraphs))
    if (paragraphs.size === 0) continue
    if (paragraphs.size > 1) {
      split.set(serial, -1)
      continue
    }
    const [paragraph] = paragraphs
    const { first, total } = paragraph.firstLineUnits(new Set(list))
    if (first >= total) continue
    split.set(serial, first > 0 ? first : -1)
  }
  return split
}

function convertToLanguageCodes(
  segmentsMissingFont: { word: string; locale?: Locale }[]
): Partial<Record<LangCode, string[]>> {
  const languageCodes = {}
  let wordsByCode = {}

  for (const { word, locale } of segmentsMissingFont) {
    const code = detectLanguageCode(word, locale).join('|')
    wordsByCode[code] = wordsByCode[code] || ''
    wordsByCode[code] += word
  }

  Object.keys(wordsByCode).forEach((code: LangCode) => {
    languageCodes[code] = languageCodes[code] || []
    if (code === 'emoji') {
      languageCodes[code].push(
        ...unique(segment(wordsByCode[code], 'grapheme'))
      )
    } else {
      languageCodes[code][0] = languageCodes[code][0] || ''
      languageCodes[code][0] += unique(
        segment(
          wordsByCode[code],
          'grapheme',
          code === 'unknown' ? undefined : code
        )
      ).join('')
    }
  })

  return languageCodes
}

function unique<T>(arr: T[]): T[] {
  return Array.from(new Set(arr))
}
