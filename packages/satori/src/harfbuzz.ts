/**
 * HarfBuzz wrapper module for advanced text shaping with OpenType features.
 * This module provides text shaping capabilities while maintaining compatibility
 * with the existing opentype.js-based system.
 */

import opentype from '@shuding/opentype.js'
import { faceSetUp } from './pictor-face-set-up.js'
// The factory and its wrapper, not harfbuzzjs's index (which instantiates the WebAssembly as it loads): Pictor starts
// HarfBuzz on first use, so a process can evaluate the bundle where no WebAssembly runs (a Node startup snapshot).
import createHarfBuzz from 'harfbuzzjs/hb.js'
import hbjs from 'harfbuzzjs/hbjs.js'
import { wasmBytes } from './pictor-wasm-files.js'

// HarfBuzz types (will be populated when module loads)
let hb: any = null
/** Pictor (shaped-glyphs-direct): the Emscripten module under `hb`, whose memory the glyphs are read from. */
let hbModule: any = null
let initPromise: Promise<void> | null = null
/**
 * Pictor (shaped-glyphs-direct): whether shaped glyphs are read from HarfBuzz's glyph info and position arrays in the
 * module's memory (pictorTunings.shapedGlyphsDirect; process-wide, set by each render) rather than through
 * harfbuzzjs's `json()` (the buffer serialised to JSON text in a 32 KB scratch buffer, then parsed).
 */
let shapedGlyphsDirect = true

/** Pictor (shaped-glyphs-direct): see `shapedGlyphsDirect`. */
export function setShapedGlyphsDirect(on: boolean): void {
  shapedGlyphsDirect = on
}

/** Pictor (shaped-glyphs-direct): how many shaped buffers were read each way in this process. */
const shapeStats = { direct: 0, json: 0 }

/** Pictor (shaped-glyphs-direct): a copy of the counts of shaped buffers read directly and through JSON text. */
export function pictorShapeStats(): { direct: number; json: number } {
  return { ...shapeStats }
}

/**
 * Shape result from HarfBuzz containing glyph IDs and positions
 */
export interface ShapedGlyph {
  g: number // glyph ID
  cl: number // cluster (character index)
  ax: number // advance x
  ay: number // advance y
  dx: number // offset x
  dy: number // offset y
}

/**
 * Font features configuration
 * Maps feature tags to boolean or numeric values
 * Examples: { liga: true, kern: true, smcp: 1 }
 */
export interface FontFeatures {
  [feature: string]: boolean | number
}

/**
 * Internal cache for HarfBuzz font objects
 */
const hbFontCache = new WeakMap<opentype.Font, any>()
const hbFontFinalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<any>((font) => font.destroy())
    : null

/**
 * Initialize HarfBuzz WASM module
 * Must be called before using any shaping functions
 */
export async function initHarfBuzz(): Promise<void> {
  // If already initialized, return immediately
  if (hb) return

  // If initialization is in progress, wait for it
  if (initPromise) {
    await initPromise
    return
  }

  // Start initialization
  initPromise = (async () => {
    // Pictor (wasm-files): hb.wasm read from its file (the build leaves hb.js's inlined copy out); a failure to read
    // or compile it rejects here (Emscripten's hook has no way to report one).
    let failed: (error: unknown) => void = () => {}
    const failure = new Promise<never>((_, reject) => {
      failed = reject
    })
    hbModule = await Promise.race([
      createHarfBuzz({
        instantiateWasm(
          imports: WebAssembly.Imports,
          receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void
        ) {
          Promise.resolve()
            .then(() => WebAssembly.instantiate(wasmBytes('harfbuzz'), imports))
            .then(({ instance, module }) => receive(instance, module), failed)
          return {}
        },
      }),
      failure,
    ])
    hb = hbjs(hbModule)

    if (!hb || typeof hb.createBlob !== 'function') {
      throw new Error('HarfBuzz module loaded but API is not available')
    }
  })()

  await initPromise
}

/**
 * Create or get cached HarfBuzz font from opentype.js font
 */
export function getHarfBuzzFont(font: opentype.Font): any {
  if (!hb) {
    throw new Error('HarfBuzz not initialized. Call initHarfBuzz() first.')
  }

  // Check cache first
  if (hbFontCache.has(font)) {
    const cached = hbFontCache.get(font)
    return cached
  }

  // Get the raw font data (already converted from WOFF if needed in font.ts)
  const arrayBuffer = (font as any)._rawFontData

  if (!arrayBuffer) {
    throw new Error(
      'Font does not have _rawFontData. Make sure to store the original ' +
        'ArrayBuffer when loading fonts.'
    )
  }

  // Pictor (face-set-up-untimed): copying the face into HarfBuzz's memory is
  // part of loading it.
  const hbFont = faceSetUp(() => {
    const blob = hb.createBlob(new Uint8Array(arrayBuffer))
    const face = hb.createFace(blob, 0)
    const created = hb.createFont(face)
    // The HarfBuzz font keeps the face alive, and the face keeps the blob
    // alive: our temporary references are released at once.
    face.destroy()
    blob.destroy()
    return created
  })

  // Set scale to unitsPerEm so advances are returned in font design units.
  // The caller scales by (fontSize / unitsPerEm) to convert to pixels.
  const upem = font.unitsPerEm
  hbFont.setScale(upem, upem)
  // Pictor (variable-fonts): an instance's axis values.
  const variations = (font as any)._variations
  if (variations) hbFont.setVariations(variations)

  // Cache the HarfBuzz font
  hbFontCache.set(font, hbFont)
  // The HarfBuzz font is destroyed when the matching opentype.js font is
  // collected.
  hbFontFinalizer?.register(font, hbFont)

  return hbFont
}

/**
 * Shape text using HarfBuzz with optional OpenType features
 *
 * @param font - opentype.js font object
 * @param text - text to shape
 * @param features - optional OpenType features to apply
 * @param language - optional language code (e.g., 'en', 'ar')
 * @param script - optional script code (e.g., 'latn', 'arab')
 * @param direction - text direction ('ltr', 'rtl', 'ttb', 'btt')
 * @returns Array of shaped glyphs with IDs and positions
 */
export function shapeText(
  font: opentype.Font,
  text: string,
  options: {
    features?: FontFeatures
    language?: string
    script?: string
    direction?: 'ltr' | 'rtl' | 'ttb' | 'btt'
    /** Pictor (cjk-punctuation-trim): features on ranges, as HarfBuzz writes them (`halt[3:4]`). */
    rangedFeatures?: string[]
  } = {}
): ShapedGlyph[] {
  if (!hb) {
    throw new Error('HarfBuzz not initialized')
  }

  // Handle empty string
  if (!text || text.length === 0) {
    return []
  }

  const { features, language, script, direction, rangedFeatures } = options

  // Get or create HarfBuzz font
  const hbFont = getHarfBuzzFont(font)

  // Create buffer
  const buffer = hb.createBuffer()

  try {
    // Add text to buffer
    buffer.addText(text)

    // Always call guessSegmentProperties() first to detect script, language,
    // and direction from the text content. This is essential for complex
    // scripts like Arabic, Devanagari, Thai, Tamil, etc.
    buffer.guessSegmentProperties()

    // Override with explicitly provided values if any
    if (language) buffer.setLanguage(language)
    if (script) buffer.setScript(script)
    if (direction) buffer.setDirection(direction)

    // Build features string if provided
    let featuresString: string | undefined
    if (features && Object.keys(features).length > 0) {
      const featureStrings: string[] = []
      for (const [tag, value] of Object.entries(features)) {
        if (typeof value === 'boolean') {
          featureStrings.push(value ? `+${tag}` : `-${tag}`)
        } else {
          featureStrings.push(`${tag}=${value}`)
        }
      }
      featuresString = featureStrings.join(',')
    }
    if (rangedFeatures && rangedFeatures.length > 0) {
      featuresString = [featuresString, ...rangedFeatures]
        .filter(Boolean)
        .join(',')
    }

    // Shape the text with optional features (passed as third parameter)
    if (featuresString) {
      hb.shape(hbFont, buffer, featuresString)
    } else {
      hb.shape(hbFont, buffer)
    }

    // Get shaped glyphs
    const direct = shapedGlyphsDirect ? readGlyphs(buffer) : undefined
    if (direct) {
      shapeStats.direct++
      return direct
    }
    shapeStats.json++
    return buffer.json(hbFont) as ShapedGlyph[]
  } finally {
    // Clean up buffer
    buffer.destroy()
  }
}

/**
 * Parse font-feature-settings CSS property value
 * Examples:
 *   "liga" off -> { liga: false }
 *   "smcp" on -> { smcp: true }
 *   "smcp" -> { smcp: true }
 *   "c2sc", "smcp" -> { c2sc: true, smcp: true }
 */
export function parseFontFeatureSettings(value: string): FontFeatures {
  if (!value || value === 'normal') {
    return {}
  }

  const features: FontFeatures = {}

  // Split by comma
  const parts = value.split(',').map((s) => s.trim())

  for (const part of parts) {
    // Match: "tag" [on|off|number]
    const match = part.match(/["']([a-z0-9]{4})["']\s*(?:(on|off|[0-9]+))?/i)

    if (match) {
      const tag = match[1]
      const valueStr = match[2]

      if (!valueStr || valueStr === 'on' || valueStr === '1') {
        features[tag] = true
      } else if (valueStr === 'off' || valueStr === '0') {
        features[tag] = false
      } else {
        const num = parseInt(valueStr, 10)
        if (!isNaN(num)) {
          features[tag] = num
        }
      }
    }
  }

  return features
}

/** HarfBuzz's `HB_GLYPH_FLAG_DEFINED`: the bits of a glyph info's mask that are glyph flags. */
const GLYPH_FLAGS_DEFINED = 0x7

/**
 * Pictor (shaped-glyphs-direct): a shaped buffer's glyphs as `buffer.json()` gives them (`g`, `cl`, `dx`, `dy`, `ax`,
 * `ay`, `flags`, in that order), read from `hb_glyph_info_t` (codepoint, mask, cluster, var1, var2) and
 * `hb_glyph_position_t` (x_advance, y_advance, x_offset, y_offset, var), five 32-bit words each, in the module's
 * memory; undefined when the buffer has no positions (then `json()` answers).
 */
function readGlyphs(buffer: any): ShapedGlyph[] | undefined {
  const exports = hbModule?.wasmExports
  if (!exports) return undefined
  const length: number = buffer.getLength()
  if (length === 0) return []
  const positionsAt = exports.hb_buffer_get_glyph_positions(buffer.ptr, 0) >>> 2
  if (positionsAt === 0) return undefined
  const infosAt = exports.hb_buffer_get_glyph_infos(buffer.ptr, 0) >>> 2
  // Read after the calls above: a view made before the memory grew is detached.
  const infos: Uint32Array = hbModule.HEAPU32
  const positions: Int32Array = hbModule.HEAP32
  const glyphs: ShapedGlyph[] = new Array(length)
  for (let i = 0; i < length; i++) {
    const info = infosAt + i * 5
    const position = positionsAt + i * 5
    glyphs[i] = {
      g: infos[info],
      cl: infos[info + 2],
      dx: positions[position + 2],
      dy: positions[position + 3],
      ax: positions[position],
      ay: positions[position + 1],
      flags: infos[info + 1] & GLYPH_FLAGS_DEFINED,
    } as ShapedGlyph
  }
  return glyphs
}
