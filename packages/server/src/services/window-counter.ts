/**
 * Fixed-window counters: how many times a key may act per window. In this process's memory (one node, or SQLite),
 * or in the store (PostgreSQL: every node counts in the same window).
 */
import type { Store } from '../db/types.js';
import { LRUCache } from 'lru-cache';

export type WindowCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface WindowCounter {
  /** Count one action of `key`; refused when the key already used its window's allowance. */
  take(key: string): Promise<WindowCheck>;
}

/** A counter in this process's memory allowing `max` actions per key per `windowMs`; `now` is the clock in ms. */
export function createWindowCounter(
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): WindowCounter {
  return createStoreWindowCounter(createMemoryWindowCounts(), max, windowMs, now);
}

/** `Store.countInWindow` in this process's memory: fixed windows per key, forgotten once over. */
export function createMemoryWindowCounts(): Pick<Store, 'countInWindow'> {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    async countInWindow(key, at, windowMs) {
      const time = at.getTime();
      if (time - lastSweep >= windowMs) {
        for (const [k, w] of windows) if (time - w.start >= windowMs) windows.delete(k);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, resetsAt: new Date(window.start + windowMs) };
    },
  };
}

/** The same counter kept in the store, so every process on the database counts in one window per key. */
export function createStoreWindowCounter(
  store: Pick<Store, 'countInWindow'>,
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): WindowCounter {
  return {
    async take(key) {
      const time = now();
      const { count, resetsAt } = await store.countInWindow(key, new Date(time), windowMs);
      if (count <= max) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - time) / 1000)) };
    },
  };
}

/** A maker of counters: in the store when several nodes count together (`shared`), else in this process's memory. */
export function windowCounters(
  store: Pick<Store, 'countInWindow'>,
  shared: boolean,
  now: () => number = Date.now,
): (max: number, windowMs: number) => WindowCounter {
  return (max, windowMs) =>
    shared ? createStoreWindowCounter(store, max, windowMs, now) : createWindowCounter(max, windowMs, now);
}

/**
 * Keys held off once they go over a counter's allowance: refused until the counter's window ends. For events that
 * are refused only after the fact (a failed sign-in, a render stopped by the time limit): count with `record`, ask
 * `remaining` before the next attempt. The hold is kept in this process; the count may be shared (windowCounters).
 */
export interface HoldOff {
  /** Whole seconds `key` is still held off (at least 1), or undefined when it is not. */
  remaining(key: string): number | undefined;
  /** Count one event of `key`; when it goes over the allowance, hold `key` off until the window ends. */
  record(key: string): Promise<void>;
}

/** A HoldOff over `counter`; `now` is the clock in ms. */
export function createHoldOff(counter: WindowCounter, now: () => number = Date.now): HoldOff {
  const until = new LRUCache<string, number>({ max: 100_000 });
  return {
    remaining(key) {
      const end = until.get(key);
      if (end === undefined) return undefined;
      const left = end - now();
      if (left <= 0) {
        until.delete(key);
        return undefined;
      }
      return Math.max(1, Math.ceil(left / 1000));
    },
    async record(key) {
      const check = await counter.take(key);
      if (check.ok) return;
      until.set(key, now() + check.retryAfterSeconds * 1000);
    },
  };
}
