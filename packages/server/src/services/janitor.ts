/**
 * The janitor: in the background, deletes stored objects whose last link expired and gives back
 * units of reservations that were never finished (a crashed render). Safe to run in several processes.
 */
import type { ObjectStorage } from '../storage/types.js';
import type { Store } from '../store/types.js';

export interface JanitorOptions {
  store: Store;
  storage: ObjectStorage;
  /** Between rounds. Default 60 s. */
  intervalMs?: number;
  /** Objects are kept this long after their last link expired. Default 60 s. */
  graceMs?: number;
  /** Finished reservations are deleted this long after they were made. Default 7 days. */
  keepFinishedReservationsMs?: number;
  /** Objects taken per query. Default 500. */
  batchSize?: number;
  /** Clock; default `() => new Date()`. */
  now?: () => Date;
  /** Called with an error a round could not handle; the janitor keeps running. */
  onError?: (error: unknown) => void;
}

export interface JanitorRound {
  /** Objects deleted from storage. */
  objectsDeleted: number;
  /** Units given back from abandoned reservations. */
  reservationsReleased: number;
  /** Finished reservations deleted (housekeeping). */
  reservationsPurged: number;
}

export interface Janitor {
  /** One round now (also what the interval runs). Rounds never overlap. */
  runOnce(): Promise<JanitorRound>;
  /** Stop the interval and wait for a running round. */
  stop(): Promise<void>;
}

/**
 * Delete every object whose last link expired before `now - graceMs`. Each removal holds the
 * object's row while it deletes the file, so a render linking the object at that moment waits and
 * renders it again instead of handing out a link to a file about to vanish. A failed delete keeps
 * the object for the next round.
 */
async function sweepObjects(options: JanitorOptions, now: Date): Promise<number> {
  const { store, storage } = options;
  const before = new Date(now.getTime() - (options.graceMs ?? 60_000));
  const batch = options.batchSize ?? 500;
  let deleted = 0;
  for (;;) {
    const keys = await store.listExpiredObjects(before, batch);
    let settled = 0;
    for (const key of keys) {
      try {
        if (await store.removeExpiredObject(key, before, () => storage.delete(key))) deleted++;
        settled++;
      } catch (error) {
        options.onError?.(error);
      }
    }
    if (keys.length < batch || settled === 0) return deleted;
  }
}

/** Delete finished reservations older than the retention, in batches. */
async function purgeReservations(options: JanitorOptions, now: Date): Promise<number> {
  const before = new Date(now.getTime() - (options.keepFinishedReservationsMs ?? 7 * 24 * 3_600_000));
  const batch = options.batchSize ?? 500;
  let purged = 0;
  for (;;) {
    const count = await options.store.purgeFinishedReservations(before, batch);
    purged += count;
    if (count < batch) return purged;
  }
}

/** Start the janitor: a first round right away, then one every `intervalMs`. The timer does not keep the process alive. */
export function startJanitor(options: JanitorOptions): Janitor {
  const clock = options.now ?? (() => new Date());
  let running: Promise<JanitorRound> | null = null;
  let stopped = false;

  const runOnce = (): Promise<JanitorRound> => {
    if (running) return running;
    running = (async () => {
      const now = clock();
      const reservationsReleased = await options.store.releaseExpiredReservations(now);
      const objectsDeleted = await sweepObjects(options, now);
      const reservationsPurged = await purgeReservations(options, now);
      return { objectsDeleted, reservationsReleased, reservationsPurged };
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    runOnce().catch((error: unknown) => options.onError?.(error));
  };
  const timer = setInterval(tick, options.intervalMs ?? 60_000);
  timer.unref();
  tick();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
