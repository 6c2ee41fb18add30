/**
 * Font sets that load on demand (optional-sets.ts: the CJK faces take about a second to read and parse, each script's
 * face a few ms), found in a document before its render is timed, so loading them is never counted against the
 * render's time limit: a first render with Chinese or Arabic text must not time out because the fonts arrived with it.
 */
import { pictorParseFaces } from '@pictor/satori';
import { type FontSet, loadSet, setLoaded, setsToLoad } from './optional-sets.js';
import type { FontRegistry } from './registry.js';

export type { FontSet } from './optional-sets.js';

/** The installed font sets `html` needs that this thread has not loaded yet. */
export function fontSetsToLoad(html: string): FontSet[] {
  return setsToLoad(html);
}

/**
 * Load font sets into this thread: read their files, and let the layout engine parse them once (it keeps parsed
 * faces by the identity of their bytes, which the registry hands it every render).
 */
export async function loadFontSets(registry: FontRegistry, sets: readonly FontSet[]): Promise<void> {
  const fresh = sets.filter((set) => !setLoaded(set));
  if (fresh.length === 0) return;
  if (fresh.map((set) => loadSet(set).length).every((count) => count === 0)) return;
  // The layout engine parses a face when a render first needs it (lazy-faces): here, before the render is timed.
  await pictorParseFaces(registry.fontsFor([]));
}
