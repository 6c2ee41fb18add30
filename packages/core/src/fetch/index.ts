/** The one guarded fetcher: SSRF rules, size and time limits, bounded cache. */
import { PictorError } from '../errors.js';
import type { FetchOptions } from '../types.js';
import type { ResourceFetcher } from './types.js';

export type { FetchedResource, ResourceFetcher, ResourceKind } from './types.js';

/**
 * Create a fetcher: http/https only, no loopback/private/link-local/metadata addresses (checked on the
 * address actually connected to, on every redirect hop) unless allow-listed, size and time limits, LRU cache.
 */
export function createFetcher(_options: FetchOptions = {}): ResourceFetcher {
  return {
    async fetch(url, kind) {
      throw new PictorError('FETCH_ERROR', `${kind} ${url}: fetching is not implemented yet`);
    },
  };
}
