/**
 * Pictor (shaping-language): the language text is shaped in, from the element's `lang`, as Chromium hands the
 * content language to HarfBuzz — fonts apply their language-specific forms and spacing by it (`locl`: Noto Sans
 * KR's spaces and punctuation under `lang="ko"`, Japanese or Chinese punctuation in the CJK faces, Urdu and Sindhi
 * digits in Noto Sans Arabic, Marathi and Nepali letters and digits in Noto Sans Devanagari). Without a `lang`,
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

/** A well-formed BCP 47 tag as far as HarfBuzz reads one: letters and digits in subtags of 1 to 8. */
const LANGUAGE_TAG = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i

/**
 * The language to shape text of an element in, or undefined to let HarfBuzz guess: the element's `lang` as written
 * (`lang`, inherited as the style's `_lang`), which HarfBuzz maps to an OpenType language system as Chromium's
 * does (`fa`, `ur`, `sd`, `ps`, `hi`, `mr`, `ne`…: languages satori keeps no locale for); else satori's `locale`.
 * An empty `lang` (the language unknown) gives none.
 */
export function shapingLanguage(locale: Locale | undefined, lang?: unknown): string | undefined {
  if (typeof lang === 'string') return LANGUAGE_TAG.test(lang) ? lang : undefined
  return locale ? SHAPING_LANGUAGE[locale] : undefined
}

/** Keeps an element's `lang` attribute, as written, in its styles (`_lang`, inherited) for shapingLanguage. */
export function keepLanguage(lang: unknown, ...styles: Record<string, unknown>[]): void {
  if (typeof lang !== 'string') return
  for (const style of styles) style._lang = lang.trim()
}
