/** One HTTP(S) GET to addresses already checked: the socket connects only to those, the body is size-bounded. */
import type { LookupAddress } from 'node:dns';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import { pinnedConnection } from './pinned-addresses.js';

/** A failure with a reason meant for the user (wrapped into a PictorError by the fetcher). */
export class FetchFailure extends Error {}

/** What one hop returned: a redirect to follow, or a body. */
export type HopResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'body'; status: number; contentType: string; data: Buffer; cacheMs: number | undefined };

export interface HopOptions {
  /** The addresses the socket may connect to (all already checked). */
  addresses: LookupAddress[];
  maxBytes: number;
  /** Aborts the request (time limit). */
  signal: AbortSignal;
}

const USER_AGENT = 'Pictor/0.1 (+https://github.com/pictor)';

/**
 * GET `url`, connecting only to `addresses` (the `lookup` hook returns them instead of resolving again,
 * so a DNS answer can't change between the check and the connection). Redirects are returned, not followed.
 * node:http and node:https (with TLS) load on the first fetch, not at a worker's start.
 */
export async function getOnce(url: URL, options: HopOptions): Promise<HopResult> {
  const { addresses, maxBytes, signal } = options;
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise<HopResult>((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        ...pinnedConnection(url, addresses),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        headers: {
          host: url.host,
          'user-agent': USER_AGENT,
          accept: '*/*',
          'accept-encoding': 'gzip, deflate, br',
        },
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location) {
          res.destroy();
          resolve({ kind: 'redirect', status, location });
          return;
        }
        if (status < 200 || status >= 300) {
          res.destroy();
          reject(
            new FetchFailure(
              `the server answered HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`,
            ),
          );
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          reject(tooLarge(maxBytes, `it declares ${declared} bytes`));
          return;
        }
        const encoding = String(res.headers['content-encoding'] ?? 'identity')
          .toLowerCase()
          .trim();
        let decoder: Transform | undefined;
        if (encoding === 'gzip' || encoding === 'x-gzip') decoder = zlib.createGunzip();
        else if (encoding === 'deflate') decoder = zlib.createInflate();
        else if (encoding === 'br') decoder = zlib.createBrotliDecompress();
        else if (encoding !== 'identity' && encoding !== '') {
          res.destroy();
          reject(new FetchFailure(`unsupported Content-Encoding "${encoding}"`));
          return;
        }
        const body = decoder ? res.pipe(decoder) : res;
        const chunks: Buffer[] = [];
        let received = 0;
        const fail = (error: Error) => {
          res.destroy();
          decoder?.destroy();
          reject(signal.aborted ? (signal.reason as Error) : describe(error));
        };
        body.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) fail(tooLarge(maxBytes, 'the body is larger'));
          else chunks.push(chunk);
        });
        body.on('error', fail);
        if (decoder) res.on('error', fail);
        body.on('end', () => {
          const contentType = String(res.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim()
            .toLowerCase();
          const cacheControl = String(res.headers['cache-control'] ?? '').toLowerCase();
          resolve({
            kind: 'body',
            status,
            contentType,
            data: Buffer.concat(chunks, received),
            cacheMs: cacheLifetimeMs(cacheControl),
          });
        });
      },
    );
    req.on('error', (error) => reject(signal.aborted ? (signal.reason as Error) : describe(error)));
    req.end();
  });
}

function tooLarge(maxBytes: number, why: string): FetchFailure {
  return new FetchFailure(
    `the response is over the ${maxBytes}-byte limit (${why}; raise fetch.maxBytes to allow it)`,
  );
}

/** Turn a socket/TLS error into a short reason. */
function describe(error: Error & { code?: string }): FetchFailure {
  if (error instanceof FetchFailure) return error;
  const code = error.code ? `${error.code}: ` : '';
  if (error.code === 'ECONNREFUSED') return new FetchFailure(`connection refused (${error.message})`);
  if (error.message === 'aborted')
    return new FetchFailure('the connection closed before the body was complete');
  return new FetchFailure(`${code}${error.message}`.replace(/^(\w+): \1 /, '$1 '));
}

/**
 * How long a response may be reused by its `Cache-Control` (lower case): 0 for `no-store`, `no-cache` or
 * `max-age=0`; `max-age` in ms; undefined when it says neither (the cache's own limit applies).
 */
export function cacheLifetimeMs(cacheControl: string): number | undefined {
  if (/\b(?:no-store|no-cache)\b/.test(cacheControl)) return 0;
  const maxAge = /(?:^|[,\s])max-age\s*=\s*"?(\d+)/.exec(cacheControl);
  return maxAge ? Number(maxAge[1]) * 1000 : undefined;
}
