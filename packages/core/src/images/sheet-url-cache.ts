/**
 * The image URLs of each distinct `<style>` sheet found once per thread, and its rewrite kept while its URLs map to
 * the same data: URIs: walking a framework sheet's 232 KB for `url()` twice a render cost more than laying the page
 * out (tunings `styleSheetCache`). Kept in LRUs bounded by the sheets' length.
 */
import { LRUCache } from 'lru-cache';

/** Bound of each cache, in characters of sheet text (and rewritten text) held. */
const MAX_CHARS = 4 * 1024 * 1024;

/** Sheets shorter than this are walked every time: the cache would not pay its key. */
const MIN_CHARS = 2048;

const scans = new LRUCache<string, string[]>({
  maxSize: MAX_CHARS,
  sizeCalculation: (urls, css) => css.length + urls.reduce((sum, url) => sum + url.length, 1),
});

interface Rewrite {
  /** Each URL the rewrite replaced, with what it was replaced by. */
  replaced: [url: string, by: string][];
  warnings: string[];
  css: string;
}

const rewrites = new LRUCache<string, Rewrite>({
  maxSize: MAX_CHARS,
  sizeCalculation: (entry, css) => css.length + entry.css.length,
});

/** The image URLs of `css`, as `scan` finds them: kept per sheet text. */
export function sheetUrlsOnce(css: string, on: boolean, scan: (css: string) => string[]): string[] {
  if (!on || css.length < MIN_CHARS) return scan(css);
  let urls = scans.get(css);
  if (!urls) {
    urls = scan(css);
    scans.set(css, urls);
  }
  return urls;
}

/**
 * `css` rewritten by `rewrite` (which calls `replace` for each image URL and pushes its notes to `warnings`): kept
 * per sheet text and reused while `replace` gives every URL the same replacement as when it was made.
 */
export function sheetRewriteOnce(
  css: string,
  on: boolean,
  replace: (url: string) => string,
  warnings: string[],
  rewrite: (css: string, replace: (url: string) => string, warnings: string[]) => string,
): string {
  if (!on || css.length < MIN_CHARS) return rewrite(css, replace, warnings);
  const kept = rewrites.get(css);
  if (kept?.replaced.every(([url, by]) => replace(url) === by)) {
    addWarnings(warnings, kept.warnings);
    return kept.css;
  }
  const replaced: [string, string][] = [];
  const own: string[] = [];
  const out = rewrite(
    css,
    (url) => {
      const by = replace(url);
      replaced.push([url, by]);
      return by;
    },
    own,
  );
  rewrites.set(css, { replaced, warnings: own, css: out });
  addWarnings(warnings, own);
  return out;
}

function addWarnings(warnings: string[], more: string[]): void {
  for (const warning of more) if (!warnings.includes(warning)) warnings.push(warning);
}
