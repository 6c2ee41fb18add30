/**
 * Pictor (language-default-font): the font of a generic family as Chromium chooses it for an element's language.
 *
 * Chromium's generic families (its font settings) are per script: under `lang="ja"`, `ko`, `zh-Hant`/`zh-TW`/`zh-HK`
 * and `zh`/`zh-Hans`/`zh-CN`, the standard font (the initial `font-family`, and the one a list of families none of
 * which is installed falls back to), `sans-serif`, `cursive` and `fantasy` are that language's face, and the whole
 * text, Latin words included, is set in it; `serif`, `monospace` and `system-ui` stay the Latin faces (measured on
 * Chromium 156 with the fonts of benchmarks/fidelity/chromium.mjs, see docs/layout-engine.md).
 *
 * Here the standard font is the family named `-webkit-standard` (Chromium's own name for it): a font list that
 * registers faces under that name gets them for text whose family list finds no face, and a language's face is a
 * face registered with that language (`lang` in the fonts option, as the CJK faces of @pictor/fonts-cjk are).
 */
import type { Locale } from './language.js'

/** The family name of the standard font. */
export const STANDARD_FAMILY = '-webkit-standard'

/**
 * CSS generic family names (lower case), the standard font's included
 * (standard-font-fallback).
 */
export const GENERIC_FAMILIES: ReadonlySet<string> = new Set([
  STANDARD_FAMILY,
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
])

/** The languages whose generic families Chromium sets in the language's own face. */
const LANGUAGES_WITH_DEFAULT_FACE: ReadonlySet<string> = new Set([
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
  'zh-HK',
])

/** The generic families (lower case) that are the language's face under those languages. */
const GENERICS_BY_LANGUAGE: ReadonlySet<string> = new Set([
  STANDARD_FAMILY,
  'sans-serif',
  'cursive',
  'fantasy',
])

/**
 * The key (`<name>_<locale>`, as the loader keys faces with a language) of the face that draws the generic family
 * `family` (lower case) under `locale`, or undefined when the family keeps its own faces.
 */
export function languageFaceKey(
  family: string,
  locale: Locale | undefined,
  keys: Iterable<string>
): string | undefined {
  if (!locale || !LANGUAGES_WITH_DEFAULT_FACE.has(locale)) return undefined
  if (!GENERICS_BY_LANGUAGE.has(family)) return undefined
  const suffix = `_${locale}`
  for (const key of keys) if (key.endsWith(suffix)) return key
  return undefined
}
