/** Quota around a render: reserve one unit, run, then commit on success or release on failure. */
import type { Reservation, Store } from '../db/types.js';
import { performance } from 'node:perf_hooks';
import { apiError, NoResourcePackageError } from '../errors.js';

/** The render succeeded but nobody is there to take it (the client closed its connection): nothing is charged. */
export class CallerGoneError extends Error {
  override readonly name = 'CallerGoneError';
  constructor() {
    super('the client closed the connection before the answer; the unit was given back');
  }
}

export interface ReservedUnitOptions {
  /** Clock; default `() => new Date()`. */
  now?: () => Date;
  /**
   * How long the unit stays held when this process dies mid-render; after that
   * `releaseExpiredReservations` gives it back. Must exceed queue wait + render time limit. Default 10 minutes.
   */
  holdMs?: number;
  /** Asked once `fn` succeeded: false when the caller has gone, and the unit goes back instead of being used. */
  wanted?: () => boolean;
  /**
   * When no unit is free but some are held by renders in progress (they may fail and come back): how long to wait
   * for one to be used or given back before answering 503 with Retry-After. Default 15 s.
   */
  heldWaitMs?: number;
  /** Stop waiting for held units when the caller has gone. */
  signal?: AbortSignal;
}

/** Default longest wait for units held by renders in progress. */
export const DEFAULT_HELD_WAIT_MS = 15_000;

/** A request waiting for held units looks again after 50 ms, then less often (×1.5 each time, at most once a second), so that many waiters do not keep the database busy. */
const HELD_POLL_FIRST_MS = 50;
const HELD_POLL_MAX_MS = 1_000;

/** Default hold of a reservation: 10 minutes. */
export const DEFAULT_HOLD_MS = 10 * 60 * 1000;

/** Reservations this process holds now, so a forced exit can give them back first (releaseHeldUnits). */
const held = new Set<string>();

/** Give back every unit this process holds (a second SIGTERM: exiting without waiting for the renders). */
export async function releaseHeldUnits(store: Store): Promise<number> {
  const ids = [...held];
  held.clear();
  await Promise.all(ids.map((id) => store.releaseReservation(id).catch(() => undefined)));
  return ids.length;
}

/**
 * Reserve a unit. When none is free but some are held by renders in progress, wait (up to `heldWaitMs`) for them to
 * be used (then 30101) or given back (then reserve one): 30101 is the answer only when no unit is left at all.
 */
export async function reserveOrWait(
  store: Store,
  accountId: string,
  options: ReservedUnitOptions,
): Promise<Reservation> {
  const clock = options.now ?? (() => new Date());
  const deadline = performance.now() + (options.heldWaitMs ?? DEFAULT_HELD_WAIT_MS);
  let pollMs = HELD_POLL_FIRST_MS;
  for (;;) {
    const now = clock();
    const holdUntil = new Date(now.getTime() + (options.holdMs ?? DEFAULT_HOLD_MS));
    const reservation = await store.reserveUnit(accountId, now, holdUntil);
    if (reservation) return reservation;
    const busy = await store.countHeldUnits(accountId, now);
    if (busy === 0) throw new NoResourcePackageError(accountId);
    if (options.signal?.aborted) throw new CallerGoneError();
    if (performance.now() >= deadline) {
      throw apiError(
        'OVERLOADED',
        `every unit left to this account (${busy}) is held by a render in progress; retry in a few seconds (units of renders that fail come back)`,
        { 'retry-after': '2' },
      );
    }
    const wait = Math.min(pollMs, Math.max(0, deadline - performance.now()));
    await new Promise((resolve) => setTimeout(resolve, wait));
    pollMs = Math.min(HELD_POLL_MAX_MS, pollMs * 1.5);
  }
}

/**
 * Reserve one unit for `accountId` (waiting for held ones, see reserveOrWait), run `fn`, then commit the unit when
 * `fn` resolves and its caller still waits, or give it back when it throws (the error is rethrown unchanged) or the
 * caller has gone. If the refund itself fails, the unit comes back when its hold (`holdMs`) expires.
 *
 * @throws NoResourcePackageError (code 30101) when no package has a unit left; ApiError OVERLOADED (503,
 * Retry-After) when units are left but stayed held by renders in progress for `heldWaitMs`; CallerGoneError; `fn`
 * is not called in these cases but the last when it comes after `fn`.
 * @example
 * const image = await withReservedUnit(store, key.accountId, () => renderer.render(request));
 */
export async function withReservedUnit<T>(
  store: Store,
  accountId: string,
  fn: () => Promise<T>,
  options: ReservedUnitOptions = {},
): Promise<T> {
  const reservation = await reserveOrWait(store, accountId, options);
  held.add(reservation.id);
  let result: T;
  try {
    result = await fn();
  } catch (error) {
    held.delete(reservation.id);
    // The render's error is the one to report. If the refund fails too (database away), the
    // hold expires and releaseExpiredReservations gives the unit back later.
    await store.releaseReservation(reservation.id).catch(() => {});
    throw error;
  }
  held.delete(reservation.id);
  if (options.wanted && !options.wanted()) {
    await store.releaseReservation(reservation.id).catch(() => {});
    throw new CallerGoneError();
  }
  await store.commitReservation(reservation.id);
  return result;
}
