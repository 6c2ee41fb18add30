/** Combines custom fonts with the built-in set into the font list satori gets, and resolves missing glyphs. */
import type { AssetLoader, SatoriFont } from '../layout/layout-to-svg.js';
import { CJK_FONTS_PACKAGE, cjkFontsLoaded, getBuiltinFonts, getCjkFonts } from './builtin.js';
import type { LoadedFont } from './custom.js';
import { loadEmoji } from './emoji.js';
import { cssFaceSet } from './matching.js';
import { LRUCache } from 'lru-cache';

/** Satori language codes (possibly joined by `|`) that the built-in CJK fonts cover. */
const CJK_CODES = new Set(['zh-CN', 'zh-TW', 'zh-HK', 'ja-JP']);
const MAX_CACHED_LISTS = 64;

/**
 * Per-thread font registry. The lists it returns are cached by the identity of their custom fonts, so the same
 * custom fonts give the same array of the same Buffers every render and satori reuses its parsed fonts.
 */
export class FontRegistry {
  readonly #lists = new LRUCache<string, SatoriFont[]>({ max: MAX_CACHED_LISTS });
  #cjkVersion = cjkFontsLoaded();
  #cjkFaces: SatoriFont[] | undefined;

  /**
   * The font list of one render: custom fonts first (so their glyphs win), then the built-in defaults, then the
   * CJK fonts once loaded. Missing glyphs fall back along this order. Custom fonts of one family (input, document
   * and renderer fonts together) form one family, as `@font-face` rules do, and hide a built-in family of the same
   * name (as web fonts hide local ones); each family is matched by weight and style as CSS does (matching.ts).
   */
  fontsFor(custom: readonly LoadedFont[]): SatoriFont[] {
    if (this.#cjkVersion !== cjkFontsLoaded()) {
      this.#lists.clear();
      this.#cjkVersion = cjkFontsLoaded();
    }
    const key = custom.map((font) => `${font.hash}:${font.name}:${font.weight}:${font.style}`).join('|');
    let list = this.#lists.get(key);
    if (list) return list;
    const customNames = new Set(custom.map((font) => font.name.toLowerCase()));
    list = cssFaceSet([
      ...custom.map((font) => ({
        name: font.name,
        data: font.data,
        weight: font.weight as SatoriFont['weight'],
        style: font.style,
      })),
      ...getBuiltinFonts().filter((font) => !customNames.has(font.name.toLowerCase())),
      ...(cjkFontsLoaded() ? getCjkFonts() : []),
    ]);
    this.#lists.set(key, list);
    return list;
  }

  /**
   * satori's `loadAdditionalAsset` for one render: emoji → twemoji SVG data: URI; CJK text → the CJK fonts (read
   * on first need, then part of every list). Text no built-in font covers adds a warning.
   */
  assetLoader(warnings: string[]): AssetLoader {
    return async (languageCode, segment) => {
      if (languageCode === 'emoji') return loadEmoji(segment) ?? [];
      const codes = languageCode.split('|');
      if (codes.some((code) => CJK_CODES.has(code))) {
        const already = cjkFontsLoaded();
        const cjk = getCjkFonts();
        if (cjk.length === 0) {
          const note = `no CJK font is installed: "${[...segment].slice(0, 20).join('')}" (${languageCode}) is drawn without glyphs; install ${CJK_FONTS_PACKAGE} beside @pictor/core, or pass a font for it in fonts`;
          if (!warnings.includes(note)) warnings.push(note);
          return [];
        }
        // Already loaded: the glyph is missing from them too; returning them again would duplicate them in satori.
        this.#cjkFaces ??= cssFaceSet(cjk);
        return already ? [] : [...this.#cjkFaces];
      }
      const note = `no font covers "${[...segment].slice(0, 20).join('')}" (${languageCode}); pass a font for it in fonts`;
      if (!warnings.includes(note)) warnings.push(note);
      return [];
    };
  }
}
