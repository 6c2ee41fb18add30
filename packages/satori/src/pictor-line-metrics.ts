/**
 * Pictor (web-font-line-metrics): a face's ascent, descent and line gap as Chromium on Linux reads them.
 *
 * Skia's FreeType backend (`SkScalerContext_FreeType::generateFontMetrics`) takes the OS/2 typographic metrics
 * (`sTypoAscender`, `sTypoDescender`, `sTypoLineGap`) when the OS/2 table sets USE_TYPO_METRICS (fsSelection bit 7),
 * and FreeType's face metrics otherwise: the hhea ascender, descender and line gap, or, when the hhea ascender and
 * descender are both 0, the typographic ones, or the Windows ones (`usWinAscent`, `usWinDescent`, no gap) when
 * those are 0 too. A negative line gap counts as 0. Blink (`SimpleFontData::PlatformInit`) then rounds the ascent,
 * the descent and the line gap each to whole pixels. Latin Modern (LaTeX.css) sets the bit with typographic metrics
 * of 0.806 / 0.195 / 0.2 em beside hhea ones of 1.127 / 0.29 / 0: a 16 px line is 19 px in Chromium, not 23.
 */
import type opentype from '@shuding/opentype.js'

/** A face's vertical metrics in font units (the descender negative, as in the font). */
export interface VerticalMetrics {
  ascender: number
  descender: number
  lineGap: number
}

const USE_TYPO_METRICS = 1 << 7
const cache = new WeakMap<object, VerticalMetrics>()

/** The ascender, descender and line gap Chromium lays a face's lines out with, in font units. */
export function verticalMetrics(font: opentype.Font): VerticalMetrics {
  const cached = cache.get(font)
  if (cached) return cached
  const os2 = font.tables?.os2
  const hhea = font.tables?.hhea
  let metrics: VerticalMetrics
  if (os2 && os2.version !== 0xffff && os2.fsSelection & USE_TYPO_METRICS) {
    metrics = typographic(os2)
  } else if (hhea && (hhea.ascender || hhea.descender)) {
    metrics = {
      ascender: hhea.ascender,
      descender: hhea.descender,
      lineGap: hhea.lineGap || 0,
    }
  } else if (os2 && (os2.sTypoAscender || os2.sTypoDescender)) {
    metrics = typographic(os2)
  } else if (os2 && (os2.usWinAscent || os2.usWinDescent)) {
    metrics = {
      ascender: os2.usWinAscent,
      descender: -os2.usWinDescent,
      lineGap: 0,
    }
  } else {
    // No table gives them (opentype.js's own defaults).
    metrics = {
      ascender: font.ascender,
      descender: font.descender,
      lineGap: 0,
    }
  }
  if (!(metrics.lineGap > 0)) metrics.lineGap = 0
  cache.set(font, metrics)
  return metrics
}

function typographic(os2: any): VerticalMetrics {
  return {
    ascender: os2.sTypoAscender || 0,
    descender: os2.sTypoDescender || 0,
    lineGap: os2.sTypoLineGap || 0,
  }
}
