/**
 * Limits on guessing credentials (studio sign-in, the admin API's bearer token) that cannot lock anyone else out.
 *
 * A failed attempt is counted three ways within a window: for the client (its address, behind `PICTOR_TRUST_PROXY`
 * the one the proxy saw), for the credential tried, and for the pair of the two. A credential is named by what is
 * not secret in it: an API key by its first characters (`pk_` and 8, as key listings show it), the admin token as
 * `admin`. A pair that failed more than its allowance is held off with growing delays (1 s, 2 s, 4 s … up to the
 * window): meanwhile that client's attempts with that credential answer 429 with `Retry-After`, unchecked. The
 * client's own count (many credentials sprayed) and the credential's count (one credential tried from many
 * addresses) make those delays start sooner, but only a pair that failed is ever held off: a client is never
 * refused a credential it has not itself failed with, so a correct credential is never refused because of someone
 * else's failures.
 */
import type { Store } from '../db/types.js';
import { apiError } from '../errors.js';
import { LRUCache } from 'lru-cache';
import { createMemoryWindowCounts } from './window-counter.js';

/** The window failures are counted in, and the longest hold-off. */
export const SIGN_IN_WINDOW_MS = 5 * 60_000;
/** A client's failures over all credentials, and a credential's over all clients, may be this many times a pair's. */
export const SPREAD_FACTOR = 10;
/** Characters of an API key that name it (`pk_` and 8: its display prefix). */
const KEY_NAME_LENGTH = 11;

/** The credential an attempt tries, named without its secret part. */
export function credentialName(attempt: { apiKey?: string; adminToken?: string }): string {
  return attempt.adminToken !== undefined
    ? 'admin'
    : `key:${(attempt.apiKey ?? '').slice(0, KEY_NAME_LENGTH)}`;
}

export interface SignInLimits {
  /**
   * Refuse an attempt of `client` with `credential` while that pair is held off.
   * @throws ApiError RATE_LIMITED with `Retry-After`
   */
  check(client: string, credential: string): void;
  /**
   * Count a failed attempt, then answer it: 401 with `message`, or 429 when the pair is now held off.
   * @throws ApiError UNAUTHORIZED or RATE_LIMITED, always
   */
  failed(client: string, credential: string, message: string): Promise<never>;
}

/**
 * The limits, counting in `counts` (the store, so every node counts together, or this process's memory when
 * undefined); `free` is a pair's allowance per window; `now` the clock in ms. Hold-offs are kept in this process.
 */
export function createSignInLimits(deps: {
  counts?: Pick<Store, 'countInWindow'>;
  free: number;
  now: () => number;
}): SignInLimits {
  const counts = deps.counts ?? createMemoryWindowCounts();
  const heldUntil = new LRUCache<string, number>({ max: 100_000 });
  const pairKey = (client: string, credential: string) => `sign-in:${credential}@${client}`;

  function remainingSeconds(key: string): number | undefined {
    const until = heldUntil.get(key);
    if (until === undefined) return undefined;
    const left = until - deps.now();
    if (left > 0) return Math.ceil(left / 1000);
    heldUntil.delete(key);
    return undefined;
  }

  function refuse(seconds: number): never {
    throw apiError(
      'RATE_LIMITED',
      `sign-in: too many failed attempts with this credential from this address; retry after ${seconds} s`,
      { 'retry-after': String(seconds) },
    );
  }

  /** Failures past the allowance: the most of the pair's, the client's and the credential's. */
  async function excessAfter(client: string, credential: string): Promise<number> {
    const at = new Date(deps.now());
    const count = (key: string) => counts.countInWindow(key, at, SIGN_IN_WINDOW_MS).then((c) => c.count);
    const [pair, byClient, byCredential] = await Promise.all([
      count(pairKey(client, credential)),
      count(`sign-in-client:${client}`),
      count(`sign-in-credential:${credential}`),
    ]);
    const spread = deps.free * SPREAD_FACTOR;
    return Math.max(pair - deps.free, byClient - spread, byCredential - spread);
  }

  return {
    check(client, credential) {
      const seconds = remainingSeconds(pairKey(client, credential));
      if (seconds !== undefined) refuse(seconds);
    },
    async failed(client, credential, message) {
      const excess = await excessAfter(client, credential);
      if (excess <= 0) throw apiError('UNAUTHORIZED', message);
      const delayMs = Math.min(SIGN_IN_WINDOW_MS, 1000 * 2 ** Math.min(excess - 1, 30));
      const key = pairKey(client, credential);
      heldUntil.set(key, deps.now() + delayMs);
      refuse(Math.ceil(delayMs / 1000));
    },
  };
}
