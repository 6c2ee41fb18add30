/**
 * Font sets that load on demand (optional-sets.ts: the CJK faces take about a second to read and parse, each script's
 * face a few ms), found in a document before its render is timed, so loading them is never counted against the
 * render's time limit: a first render with Chinese or Arabic text must not time out because the fonts arrived with it.
 */
import { pictorParseFaces, pictorPrepareScripts } from '@pictor/satori';
import {
  type FontSet,
  loadSet,
  setLoaded,
  setPackage,
  setsNeeded,
  WORLD_FONTS_PACKAGE,
} from './optional-sets.js';

export type { FontSet } from './optional-sets.js';

/** The installed font sets `html` needs (its render lists their fonts, and only theirs), loaded or not. */
export function fontSetsFor(html: string): FontSet[] {
  return setsNeeded(html);
}

/** The sets of `sets` this thread has not loaded yet. */
export function unloadedFontSets(sets: readonly FontSet[]): FontSet[] {
  return sets.filter((set) => !setLoaded(set));
}

/**
 * Load font sets into this thread: read their files, let the layout engine parse them once (it keeps parsed faces by
 * the identity of their bytes, which the registry hands it every render), and read the data their scripts need
 * besides fonts (bidi classes, the Thai word dictionary).
 */
export async function loadFontSets(sets: readonly FontSet[]): Promise<void> {
  const fresh = unloadedFontSets(sets);
  if (fresh.length === 0) return;
  const fonts = fresh.flatMap((set) => loadSet(set));
  if (fonts.length === 0) return;
  // The layout engine parses a face when a render first needs it (lazy-faces): here, before the render is timed.
  await pictorParseFaces([...fonts]);
  if (fresh.some((set) => setPackage(set)?.package === WORLD_FONTS_PACKAGE)) pictorPrepareScripts();
}
