/**
 * Pictor (shaping-language): the language text is shaped in, from the element's `lang`, as Chromium hands the
 * content language to HarfBuzz — fonts apply their language-specific forms and spacing by it (`locl`: Noto Sans
 * KR's spaces and punctuation under `lang="ko"`, Japanese or Chinese punctuation in the CJK faces). Without a `lang`,
 * HarfBuzz keeps the language it guesses (none), as before.
 */
import type { Locale } from '../language.js'

/** The BCP 47 language HarfBuzz is given for each of satori's locales (its keys are satori's own names). */
const SHAPING_LANGUAGE: Partial<Record<Locale, string>> = {
  'ja-JP': 'ja',
  'ko-KR': 'ko',
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
  'zh-HK': 'zh-HK',
  'th-TH': 'th',
  'bn-IN': 'bn',
  'ar-AR': 'ar',
  'ta-IN': 'ta',
  'ml-IN': 'ml',
  'he-IL': 'he',
  'te-IN': 'te',
}

/** The language to shape text of an element with locale `locale` in, or undefined to let HarfBuzz guess. */
export function shapingLanguage(locale: Locale | undefined): string | undefined {
  return locale ? SHAPING_LANGUAGE[locale] : undefined
}
