import { FontEngine } from '../font.js'
import { segment } from '../utils.js'

/** Pictor (measure-text-whole): texts measured as one run, and cut into graphemes first (images possible). */
const measureStats = { whole: 0, graphemes: 0 }

/** Pictor (measure-text-whole): the counts so far in this process (tests read them). */
export function pictorMeasureStats(): { whole: number; graphemes: number } {
  return { ...measureStats }
}

export function genMeasurer(
  engine: FontEngine,
  isImage: (grapheme: string) => boolean,
  style: {
    fontSize: number
    letterSpacing: number
    wordSpacing?: number
    fontFeatureSettings?: string
  },
  /**
   * Pictor (measure-text-whole): false when no grapheme can be an image (the render has no `graphemeImages`). Text
   * is then measured as one run, as `measureGraphemeArray` joins its graphemes back into one run when none is an image.
   */
  images = true
): {
  measureGrapheme: (grapheme: string) => number
  measureGraphemeArray: (graphemes: string[]) => number
  measureText: (text: string) => number
} {
  const { fontSize, letterSpacing, wordSpacing, fontFeatureSettings } = style

  const cache = new Map<string, number>()

  function measureTextRun(text: string): number {
    let width = cache.get(text)

    if (width === undefined) {
      width = engine.measure(text, {
        fontSize,
        letterSpacing,
        wordSpacing,
        fontFeatureSettings,
      })
      cache.set(text, width)
    }

    return width
  }

  function measureGrapheme(grapheme: string): number {
    return measureTextRun(grapheme)
  }

  function measureGraphemeArray(graphemes: string[]): number {
    let width = 0
    let textRun = ''

    const flushTextRun = () => {
      if (textRun) {
        width += measureTextRun(textRun)
        textRun = ''
      }
    }

    for (const grapheme of graphemes) {
      if (isImage(grapheme)) {
        flushTextRun()
        width += fontSize
      } else {
        textRun += grapheme
      }
    }

    flushTextRun()

    return width
  }

  function measureText(text: string): number {
    // Pictor (measure-text-whole): no grapheme cut apart and joined again.
    if (!images) {
      measureStats.whole++
      return text ? 0 + measureTextRun(text) : 0
    }
    measureStats.graphemes++
    return measureGraphemeArray(segment(text, 'grapheme'))
  }

  return {
    measureGrapheme,
    measureGraphemeArray,
    measureText,
  }
}
