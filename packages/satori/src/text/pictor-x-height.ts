import type { FontEngine } from '../font.js'

/**
 * Pictor (vertical-align-middle): half the x-height of the font that sets `x` for an engine (its OS/2 `sxHeight`,
 * else half an em as CSS assumes), in px. `vertical-align: middle` puts a box's middle this far above the parent's
 * baseline, as Chromium takes it from the primary font's metrics (Inter: 0.273 em, not a quarter em).
 */
export function halfXHeight(engine: FontEngine, fontSize: number): number {
  const font = engine.fontFor('x') as
    | { unitsPerEm?: number; tables?: { os2?: { sxHeight?: number } } }
    | undefined
  const xHeight = font?.tables?.os2?.sxHeight
  const em = font?.unitsPerEm
  return ((xHeight && em ? xHeight / em : 0.5) * fontSize) / 2
}
