/** A fixed-window counter per key, in this process's memory: how many times a key may act per window. */

export type WindowCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface WindowCounter {
  /** Count one action of `key`; refused (not counted) when the key already used its window's allowance. */
  take(key: string): WindowCheck;
}

/** A counter allowing `max` actions per key per `windowMs`; `now` is the clock in ms. */
export function createWindowCounter(
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): WindowCounter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    take(key) {
      const time = now();
      if (time - lastSweep >= windowMs) {
        for (const [k, w] of windows) if (time - w.start >= windowMs) windows.delete(k);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      if (window.count >= max) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)),
        };
      }
      window.count++;
      return { ok: true };
    },
  };
}
