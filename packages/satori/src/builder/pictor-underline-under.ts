/**
 * Pictor (text-underline-position-under): `text-underline-position: under` as Chromium draws it. The underline's top
 * is a pixel below the bottom of the text's em box, that bottom taken as Blink normalises the font's typo metrics to
 * one em (`FontMetrics::NormalizedTypoAscentAndDescent`: Inter's 1984 / 494 give a descent of 0.199 em), floored:
 * `baseline + floor(descent) + 1`, then `text-underline-offset` added. Inter 16 px: 4 px below the baseline (the
 * auto position is 1 px), clear of every descender, so skip-ink cuts nothing.
 */

interface FontLike {
  unitsPerEm?: number
  ascender?: number
  descender?: number
  tables?: { os2?: { sTypoAscender?: number; sTypoDescender?: number } }
}

/** Whether a `text-underline-position` value asks for `under` (`under`, `under left`, `right under`…). */
export function isUnderPosition(value: unknown): boolean {
  return typeof value === 'string' && /(^|\s)under(\s|$)/i.test(value)
}

/**
 * The descent of the em box below the baseline, in px: the typo ascender and descender (else the hhea ones) scaled
 * so that they add up to the font size, the ascent rounded to 1/64 px as Blink's LayoutUnit.
 */
export function emBoxDescent(font: FontLike | undefined, fontSize: number): number {
  const os2 = font?.tables?.os2
  const ascent = os2?.sTypoAscender || font?.ascender || 0
  const descent = Math.abs(os2?.sTypoDescender || font?.descender || 0)
  if (ascent + descent <= 0) return fontSize * 0.2
  const normalizedAscent = Math.round(((ascent / (ascent + descent)) * fontSize) * 64) / 64
  return Math.round(fontSize * 64) / 64 - normalizedAscent
}

/** The top of an `under` underline, from the baseline's y and the em box's descent, before any offset. */
export function underUnderlineTop(baseline: number, emDescent: number): number {
  return baseline + Math.floor(emDescent) + 1
}
