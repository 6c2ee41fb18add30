/**
 * Font sets that load on demand (the CJK faces: ~1 s to read and parse), found in a document before its render is
 * timed, so loading them is never counted against the render's time limit: a first render with Chinese text must not
 * time out because the fonts arrived with it.
 */
import { layoutToSvg } from '../layout/layout-to-svg.js';
import { cjkFontsInstalled, cjkFontsLoaded, getCjkFonts } from './builtin.js';
import type { FontRegistry } from './registry.js';

/** A font set loaded on demand. */
export type FontSet = 'cjk';

/** Text the CJK faces draw: Han, kana, CJK punctuation, full-width forms. */
const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** The installed font sets `html` needs that this thread has not loaded yet. */
export function fontSetsToLoad(html: string): FontSet[] {
  return !cjkFontsLoaded() && CJK_TEXT.test(html) && cjkFontsInstalled() ? ['cjk'] : [];
}

/**
 * Load font sets into this thread: read their files, and let the layout engine parse them once (it keeps parsed
 * faces by the identity of their bytes, which the registry hands it every render).
 */
export async function loadFontSets(registry: FontRegistry, sets: readonly FontSet[]): Promise<void> {
  if (!sets.includes('cjk') || cjkFontsLoaded()) return;
  if (getCjkFonts().length === 0) return;
  await layoutToSvg(
    { type: 'div', props: { style: { display: 'flex' }, children: '中かカ' } },
    { width: 16, height: 16, fonts: registry.fontsFor([]) },
  );
}
