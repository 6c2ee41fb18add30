/**
 * The janitor: in the background, deletes stored objects whose last link expired, gives back units of reservations
 * that were never finished (a crashed render) and forgets old rate-limit windows. Many server processes may share a
 * database: a lease in the store lets one of them sweep at a time (each round is safe on its own regardless).
 */
import { randomUUID } from 'node:crypto';
import type { ObjectStorage } from '../storage/types.js';
import type { Store } from '../db/types.js';

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
  /** Called after each round (for the log line). */
  onRound?: (round: JanitorRound) => void;
  /** This process's name on the lease; default a random id. */
  holder?: string;
}

/** Name of the janitor's lease in the store. */
export const JANITOR_LEASE = 'janitor';
/** Rate-limit windows are forgotten this long after they started (the longest window a setting allows is a day). */
const RATE_WINDOW_RETENTION_MS = 2 * 86_400_000;

export interface JanitorRound {
  /** Who holds the janitor's lease: this process's `holder` when it swept, else null (another node holds it). */
  lease: string | null;
  /** Rate-limit windows forgotten. */
  rateWindowsPurged: number;
  /** Studio sessions removed after their inactivity deadline. */
  studioSessionsPurged: number;
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
  const intervalMs = options.intervalMs ?? 60_000;
  const holder = options.holder ?? `janitor-${randomUUID()}`;
  let running: Promise<JanitorRound> | null = null;
  let stopped = false;

  const runOnce = (): Promise<JanitorRound> => {
    if (running) return running;
    running = (async () => {
      const now = clock();
      // Held for three intervals: a holder that died is replaced by another node within that time.
      const until = new Date(now.getTime() + 3 * intervalMs);
      if (!(await options.store.acquireLease(JANITOR_LEASE, holder, now, until))) {
        const idle = {
          lease: null,
          objectsDeleted: 0,
          reservationsReleased: 0,
          reservationsPurged: 0,
          rateWindowsPurged: 0,
          studioSessionsPurged: 0,
        };
        options.onRound?.(idle);
        return idle;
      }
      const reservationsReleased = await options.store.releaseExpiredReservations(now);
      const objectsDeleted = await sweepObjects(options, now);
      const reservationsPurged = await purgeReservations(options, now);
      const rateWindowsPurged = await options.store.purgeRateWindows(
        new Date(now.getTime() - RATE_WINDOW_RETENTION_MS),
      );
      const studioSessionsPurged = await options.store.purgeStudioSessions(now);
      const round = {
        lease: holder,
        objectsDeleted,
        reservationsReleased,
        reservationsPurged,
        rateWindowsPurged,
        studioSessionsPurged,
      };
      options.onRound?.(round);
      return round;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    runOnce().catch((error: unknown) => options.onError?.(error));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
      // Let another node take over at once rather than after the lease runs out.
      await options.store.releaseLease(JANITOR_LEASE, holder).catch(() => {});
    },
  };
}
