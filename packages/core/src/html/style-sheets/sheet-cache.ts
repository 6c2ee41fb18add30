/**
 * Each distinct style sheet parsed once per thread: a framework sheet (Bootstrap's 232 KB) costs css-tree a few
 * hundred milliseconds to parse, walk and rewrite, and a service renders the same sheet again and again. What one
 * sheet yields for one viewport (its rules, class names, warnings, the CSS handed on) is kept by its text, in an LRU
 * bounded by size; a document takes a copy of its rules in its own cascade order.
 */
import { LRUCache } from 'lru-cache';
import type { MediaViewport } from './media-queries.js';

/** The default bound of the cache (MB of sheet text and rules, estimated). */
export const DEFAULT_SHEET_CACHE_MB = 16;

/** Estimated bytes a parsed rule holds (its selector's AST, its declarations), for the cache's bound. */
const BYTES_PER_RULE = 600;

/** What one sheet's parse gave, without any document's state: sized for the cache by `size`. */
export interface CachedSheet<T> {
  value: T;
  /** How many rules it has (for its size in the cache). */
  rules: number;
}

/** A bounded cache of processed sheets by viewport and text (one per thread: module state). */
export class SheetCache<T> {
  private readonly cache: LRUCache<string, CachedSheet<T>>;

  constructor(maxMb = DEFAULT_SHEET_CACHE_MB) {
    this.cache = new LRUCache<string, CachedSheet<T>>({
      maxSize: maxMb * 1024 * 1024,
      sizeCalculation: (entry, key) => Math.max(1, key.length * 2 + entry.rules * BYTES_PER_RULE),
    });
  }

  /** The processed `css` for `viewport`: from the cache, or made by `process` and kept. */
  get(css: string, viewport: MediaViewport, process: () => CachedSheet<T>): T {
    // `@media` blocks are resolved against the viewport: it is part of the key.
    const key = `${viewport.width ?? ''}x${viewport.height ?? ''}@${viewport.scale ?? 1}\n${css}`;
    const hit = this.cache.get(key);
    if (hit) return hit.value;
    const made = process();
    this.cache.set(key, made);
    return made.value;
  }

  /** Sheets held now. */
  get size(): number {
    return this.cache.size;
  }

  clear(): void {
    this.cache.clear();
  }
}
