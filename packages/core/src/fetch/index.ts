/** The one guarded fetcher: SSRF rules, size and time limits, bounded cache. */
import type { LookupAddress } from 'node:dns';
import { PictorError } from '../errors.js';
import { FETCH_DEFAULTS } from '../limits.js';
import type { FetchOptions } from '../types.js';
import { type AllowList, parseAllowList } from './address-policy.js';
import { decodeDataUrl } from './data-url.js';
import { FetchFailure, getOnce } from './http-get.js';
import { AddressRefused, checkedAddresses as checkAddresses } from './pinned-addresses.js';
import { LRUCache } from 'lru-cache';
import type { FetchedResource, ResourceFetcher, ResourceKind } from './types.js';

export type { FetchedResource, ResourceFetcher, ResourceKind } from './types.js';
export { parseAllowList, refusedReason } from './address-policy.js';

type Body = Omit<FetchedResource, 'url'>;

/**
 * Create a fetcher for http(s) and data: URLs. Remote fetches connect only to addresses that were checked
 * (no loopback, private, link-local/metadata, CGNAT, multicast or reserved addresses, nor IPv6 forms of them)
 * unless allow-listed, on every redirect hop; bodies are bounded in bytes and the whole fetch in time;
 * responses are kept in an LRU cache by URL and concurrent fetches of one URL share one request.
 *
 * @example
 * const fetcher = createFetcher({ allowList: ['assets.internal'] });
 * const { data, contentType } = await fetcher.fetch('https://example.com/logo.png', 'image');
 * @throws PictorError `INVALID_INPUT` when `allowList` holds a malformed CIDR range.
 */
export function createFetcher(options: FetchOptions = {}): ResourceFetcher {
  const maxBytes = positive(options.maxBytes, FETCH_DEFAULTS.maxBytes);
  const timeoutMs = positive(options.timeoutMs, FETCH_DEFAULTS.timeoutMs);
  const maxRedirects = Math.max(0, Math.floor(options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects));
  let allowList: AllowList;
  try {
    allowList = parseAllowList(options.allowList);
  } catch (error) {
    throw new PictorError('INVALID_INPUT', `fetch.allowList: ${(error as Error).message}`, {
      field: 'fetch.allowList',
      rule: 'format',
    });
  }
  const cacheEntries = Math.max(0, Math.floor(options.cacheEntries ?? FETCH_DEFAULTS.cacheEntries));
  // A response larger than the whole cache is not kept (lru-cache's maxEntrySize defaults to maxSize).
  const cache =
    cacheEntries > 0
      ? new LRUCache<string, Body>({
          max: cacheEntries,
          maxSize: FETCH_DEFAULTS.cacheBytes,
          ttl: FETCH_DEFAULTS.cacheTtlMs,
        })
      : undefined;
  const inFlight = new Map<string, Promise<Body & { cacheMs: number | undefined }>>();

  async function fetchRemote(url: URL): Promise<Body & { cacheMs: number | undefined }> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const failure = new FetchFailure(
          `no complete response within ${timeoutMs} ms (the fetch time limit)`,
        );
        controller.abort(failure);
        reject(failure);
      }, timeoutMs);
    });
    try {
      return await Promise.race([followRedirects(url, controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
      controller.abort(new FetchFailure('cancelled'));
    }
  }

  async function followRedirects(
    start: URL,
    signal: AbortSignal,
  ): Promise<Body & { cacheMs: number | undefined }> {
    let current = start;
    for (let hop = 0; ; hop++) {
      const addresses = await checkedAddresses(current, allowList);
      const result = await getOnce(current, { addresses, maxBytes, signal });
      if (result.kind === 'body') {
        return {
          finalUrl: current.href,
          contentType: result.contentType,
          data: result.data,
          cacheMs: result.cacheMs,
        };
      }
      if (hop >= maxRedirects) throw new FetchFailure(`more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(result.location, current);
      } catch {
        throw new FetchFailure(`redirect to an invalid URL "${result.location}"`);
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new FetchFailure(`redirect to ${next.protocol} refused (only http and https are fetched)`);
      }
      current = next;
    }
  }

  async function fetchShared(url: URL): Promise<Body> {
    const key = url.href;
    const cached = cache?.get(key);
    if (cached) return cached;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchRemote(url);
      inFlight.set(key, pending);
      pending.then(
        (body) => {
          inFlight.delete(key);
          // Kept as long as the response allows (Cache-Control), at most the cache's own limit.
          if (body.cacheMs !== 0) {
            cache?.set(key, body, {
              size: body.data.length + key.length,
              ttl: Math.max(1, Math.min(Math.ceil(body.cacheMs ?? Infinity), FETCH_DEFAULTS.cacheTtlMs)),
            });
          }
        },
        () => inFlight.delete(key),
      );
    }
    const { cacheMs: _, ...body } = await pending;
    return body;
  }

  return {
    async fetch(rawUrl: string, kind: ResourceKind): Promise<FetchedResource> {
      const shown = rawUrl.length > 200 ? `${rawUrl.slice(0, 200)}…` : rawUrl;
      try {
        if (/^\s*data:/i.test(rawUrl)) {
          const { contentType, data } = decodeDataUrl(rawUrl.trim(), maxBytes);
          return { url: rawUrl, finalUrl: rawUrl, contentType, data };
        }
        let url: URL;
        try {
          url = new URL(rawUrl);
        } catch {
          throw new FetchFailure('not an absolute URL (expected http:// or https://)');
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new FetchFailure(
            `the ${url.protocol} scheme is not allowed (only http and https are fetched)`,
          );
        }
        url.hash = '';
        const body = await fetchShared(url);
        return { url: url.href, ...body };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new PictorError(
          'FETCH_ERROR',
          `${kind} ${shown}: ${reason}`,
          { url: shown, kind },
          { cause: error },
        );
      }
    },
  };
}

/** The shared address check, its refusals worded for the fetcher's users. */
async function checkedAddresses(url: URL, allowList: AllowList): Promise<LookupAddress[]> {
  try {
    return await checkAddresses(url, allowList);
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    if (!error.refused)
      throw new FetchFailure(`could not resolve host ${error.host}${error.code ? ` (${error.code})` : ''}`);
    const via = error.literal ? '' : ` (${error.host} resolves to it)`;
    throw new FetchFailure(
      `address ${error.refused.address}${via} is ${error.refused.reason} and not allowed (add it to the fetch allow-list to permit it)`,
    );
  }
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}
