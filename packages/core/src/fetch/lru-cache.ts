/** A small LRU cache bounded by entry count and total bytes. */

/** Least-recently-used cache of byte-sized values. */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; size: number; expires: number }>();
  private bytes = 0;

  /**
   * @param maxEntries at most this many entries (0 disables the cache)
   * @param maxBytes at most this many bytes in all; a value larger than this is not kept
   * @param ttlMs entries older than this are dropped on read
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly ttlMs: number,
  ) {}

  /** The value, refreshed as most recently used; `undefined` when absent or expired. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    if (entry.expires <= now) {
      this.bytes -= entry.size;
      return undefined;
    }
    this.map.set(key, entry);
    return entry.value;
  }

  /**
   * Store a value of `size` bytes, evicting the least recently used entries to stay within bounds. `ttlMs` shortens
   * this entry's life below the cache's own limit (never lengthens it).
   */
  set(key: string, value: V, size: number, now = Date.now(), ttlMs = this.ttlMs): void {
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.bytes -= old.size;
    }
    if (this.maxEntries <= 0 || size > this.maxBytes) return;
    this.map.set(key, { value, size, expires: now + Math.min(ttlMs, this.ttlMs) });
    this.bytes += size;
    for (const [oldest, entry] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= entry.size;
    }
  }

  /** Number of entries and total bytes held. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.map.size, bytes: this.bytes };
  }
}
