/** Combines custom fonts with the built-in set into the font list satori gets, and resolves missing glyphs. */
import type { AssetLoader, SatoriFont } from '../layout/layout-to-svg.js';
import { getBuiltinFonts } from './builtin.js';
import type { DefaultFontFamily, TextPositioning } from '../types.js';
import type { LoadedFont } from './custom.js';
import { loadEmoji } from './emoji.js';
import { cssFaceSet } from './matching.js';
import { type FontSet, loadSet, setFonts, setInstalled, setPackage, setsForText } from './optional-sets.js';
import { LRUCache } from 'lru-cache';

/**
 * The family name of the standard font (Chromium's own name for it): the family of text whose CSS names none, and
 * the fallback of a `font-family` list none of whose families is available. The registry lists the faces of the
 * renderer's default family (DefaultFontFamily, serif unless chosen) under it too; under `lang="ja"`, `ko` or `zh`
 * the layout engine takes the language's face for it (satori's pictor-language-default.ts).
 */
export const STANDARD_FAMILY = '-webkit-standard';

/** Satori language codes that ask for Traditional Chinese forms. */
const TRADITIONAL_CODES = new Set(['zh-TW', 'zh-HK']);
const MAX_CACHED_LISTS = 64;

/**
 * Per-thread font registry. The lists it returns are cached by the identity of their custom fonts, so the same
 * custom fonts give the same array of the same Buffers every render and satori reuses its parsed fonts.
 */
export class FontRegistry {
  readonly #lists = new LRUCache<string, SatoriFont[]>({ max: MAX_CACHED_LISTS });

  /**
   * The font list of one render: custom fonts first (so their glyphs win), then the built-in defaults, then the fonts
   * of the optional sets its document needs (`sets`: CJK, the world's scripts; optional-sets.ts), and no others, so
   * what a render draws never depends on what its thread rendered before. Missing glyphs fall back along
   * this order. Custom fonts of one family (input, document and renderer fonts together) form one family, as
   * `@font-face` rules do, and hide a built-in family of the same name (as web fonts hide local ones); each family
   * is matched by weight and style as CSS does (matching.ts). Each face carries its glyph positioning
   * (`positioning`, see TextPositioning): with `'auto'`, custom faces are web fonts (fractional advances) and built-in
   * ones local fonts (whole pixels).
   */
  fontsFor(
    custom: readonly LoadedFont[],
    positioning: TextPositioning = 'auto',
    standard: DefaultFontFamily = 'serif',
    sets: readonly FontSet[] = [],
  ): SatoriFont[] {
    const key = `${positioning}|${standard}|${sets.join(',')}|${custom.map((font) => `${font.hash}:${font.name}:${font.weight}:${font.style}:${font.weightRange ?? ''}:${font.unicodeRange ?? ''}`).join('|')}`;
    let list = this.#lists.get(key);
    if (list) return list;
    const customNames = new Set(custom.map((font) => font.name.toLowerCase()));
    const web = wholePixelAdvances('web', positioning);
    const local = wholePixelAdvances('built-in', positioning);
    const named = [
      ...custom.map((font) => ({
        name: font.name,
        data: font.data,
        weight: font.weight as SatoriFont['weight'],
        style: font.style,
        ...(font.weightRange ? { weightRange: font.weightRange } : {}),
        ...(font.unicodeRange ? { unicodeRange: font.unicodeRange } : {}),
        wholePixelAdvances: web,
      })),
      ...getBuiltinFonts()
        .filter((font) => !customNames.has(font.name.toLowerCase()))
        .map((font) => ({ ...font, wholePixelAdvances: local })),
    ];
    // The standard font: the default family's faces again under STANDARD_FAMILY (same Buffers, parsed once), right
    // after them, so the order glyphs fall back along, and the list's last font, stay as they were.
    const isStandard = (font: SatoriFont) => font.name.toLowerCase() === standard;
    const after = named.findLastIndex(isStandard) + 1;
    list = cssFaceSet([
      ...named.slice(0, after),
      ...named.filter(isStandard).map((font) => ({ ...font, name: STANDARD_FAMILY })),
      ...named.slice(after),
      ...setFonts(sets).map((font) => ({ ...font, wholePixelAdvances: local })),
    ]);
    this.#lists.set(key, list);
    return list;
  }

  /**
   * satori's `loadAdditionalAsset` for one render: emoji → twemoji SVG data: URI; text of an optional set (CJK, a
   * script of @pictor/fonts-world) that is not in the render's list (`listed`: text the document scan did not see, from
   * a fetched stylesheet) → that set, read where not yet, for this render alone. Text no installed font covers adds a
   * warning naming the package to install.
   */
  assetLoader(
    warnings: string[],
    positioning: TextPositioning = 'auto',
    listed: readonly FontSet[] = [],
  ): AssetLoader {
    const wholePixel = wholePixelAdvances('built-in', positioning);
    const warn = (note: string) => {
      if (!warnings.includes(note)) warnings.push(note);
    };
    // The sets this render draws with: a set given once is not given again (satori would list its faces twice).
    const given = new Set<FontSet>(listed);
    return async (languageCode, segment) => {
      if (languageCode === 'emoji') return loadEmoji(segment) ?? [];
      const quoted = `"${[...segment].slice(0, 20).join('')}" (${languageCode})`;
      const sets = setsForText(segment).map((set) => set.name);
      if (sets.includes('cjk') && languageCode.split('|').some((code) => TRADITIONAL_CODES.has(code))) {
        sets.push('chinese-traditional');
      }
      const fonts: SatoriFont[] = [];
      for (const set of sets) {
        const from = setPackage(set);
        if (!setInstalled(set)) {
          if (from) {
            warn(
              `no ${from.label} font is installed: ${quoted} is drawn without glyphs; install ${from.package} beside @pictor/core, or pass a font for it in fonts`,
            );
          }
          continue;
        }
        // Already given: the glyph is missing from it too.
        if (given.has(set)) continue;
        given.add(set);
        fonts.push(...cssFaceSet(loadSet(set)).map((face) => ({ ...face, wholePixelAdvances: wholePixel })));
      }
      if (sets.length === 0) warn(`no font covers ${quoted}; pass a font for it in fonts`);
      return fonts;
    };
  }
}

/**
 * Whether a face's glyph advances are whole pixels: with `'auto'`, as Chromium on Linux sets them by the face's
 * source — web fonts (`fonts`, `@font-face`) fractional, local fonts (our built-in faces, standing in for them)
 * whole pixels under fontconfig's full hinting where font-family names them, and fractional where they draw glyphs
 * as a fallback (Chromium gives a fallback font the default hinting; measured: docs/layout-engine.md
 * "advances-per-face" and "fallback-advances").
 */
export function wholePixelAdvances(
  source: 'web' | 'built-in',
  positioning: TextPositioning,
): boolean | 'when-named' {
  if (positioning === 'auto') return source === 'built-in' ? 'when-named' : false;
  return positioning === 'whole-pixel';
}
