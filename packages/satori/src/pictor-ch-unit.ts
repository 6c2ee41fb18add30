/**
 * Pictor (ch-unit-advance): the `ch` unit of an element's own lengths is the
 * advance of `0` in the element's own font (CSS Values 4: "the used advance
 * measure of the 0 glyph in the font used to render it"), which the element's
 * own style may change (`body { font-family: …; max-width: 80ch }`). satori
 * resolved those lengths with the parent's ratio, and measured the advance at
 * size 1, where a face laid out on whole pixels rounds it to 1 px (`ch` = `em`).
 */
import type { SerializedStyle } from './handler/expand.js'
import type FontLoader from './font.js'
import type { Locale } from './language.js'

const CH_LENGTH = /(?:^|[^\w-])[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?ch\b/i
// Pictor (ex-unit-own-font): and `ex`, the x-height of the element's own font.
const EX_LENGTH = /(?:^|[^\w-])[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?ex\b/i

/** Whether a declared style has a length in `ch` or `ex`. */
export function usesChUnit(
  style: Record<string, unknown> | undefined
): boolean {
  if (!style) return false
  for (const key in style) {
    const value = style[key]
    if (
      typeof value === 'string' &&
      (CH_LENGTH.test(value) || EX_LENGTH.test(value))
    )
      return true
  }
  return false
}

/**
 * The inherited style with `_chRatio` of the element's own font: `probe`
 * computes the element's style (its font family, weight, style and size) with
 * the inherited one; the ratio is measured at the element's font size, in the
 * face of its language (`locale`).
 */
export async function withOwnChRatio(
  inheritedStyle: SerializedStyle,
  font: FontLoader,
  probe: (inherited: SerializedStyle) => Promise<SerializedStyle>,
  locale?: Locale
): Promise<SerializedStyle> {
  const own = await probe(inheritedStyle)
  // Pictor (ch-unit-language): in the face of the element's language.
  const ratio = font.getChRatio(own as any, own.fontSize as number, locale)
  // Pictor (ex-unit-own-font): `ex` likewise is the x-height of the element's
  // own font (CSS Values 4), not its parent's: `code { padding: 0 .5ex }` in a
  // monospace face, a sans-serif box `height: 10ex` in a serif page.
  const exRatio = font.getExRatio(own as any)
  const ch = ratio !== undefined && ratio !== inheritedStyle._chRatio
  const ex = exRatio !== undefined && exRatio !== inheritedStyle._exRatio
  if (!ch && !ex) return inheritedStyle
  const withRatio: SerializedStyle = { ...inheritedStyle }
  if (ch) withRatio._chRatio = ratio
  if (ex) withRatio._exRatio = exRatio
  return withRatio
}
