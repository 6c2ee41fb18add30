/**
 * A store for @fastify/rate-limit that counts in the database (`Store.countInWindow`): with PostgreSQL every node
 * counts a key's requests in the same window, so N nodes allow the limit once, not N times.
 */
import type { Store } from '../db/types.js';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The constructor @fastify/rate-limit's `store` option takes, bound to `store` and a clock. */
export function sharedRateLimitStore(store: Pick<Store, 'countInWindow'>, now: () => number = Date.now) {
  return class SharedRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const time = now();
      store.countInWindow(`rl:${key}`, new Date(time), timeWindow).then(
        ({ count, resetsAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetsAt.getTime() - time) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): SharedRateLimitStore {
      return this;
    }
  };
}
