/** Quota around a render: reserve one unit, run, then commit on success or release on failure. */
import type { Store } from '../store/types.js';

/** Envelope code for "no valid resource package". */
export const NO_RESOURCE_PACKAGE_CODE = 30101;

/** No package with units left and not expired: the HTTP layer answers 403 / 30101. */
export class NoResourcePackageError extends Error {
  override readonly name = 'NoResourcePackageError';
  readonly code = NO_RESOURCE_PACKAGE_CODE;
  readonly accountId: string;

  constructor(accountId: string) {
    super('no valid resource package: none, used up, or expired; ask for a new package');
    this.accountId = accountId;
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
}

/** Default hold of a reservation: 10 minutes. */
export const DEFAULT_HOLD_MS = 10 * 60 * 1000;

/**
 * Reserve one unit for `accountId`, run `fn`, then commit the unit when `fn` resolves or give it
 * back when it throws (the error is rethrown unchanged). A failed render consumes nothing; if the
 * refund itself fails, the unit comes back when its hold (`holdMs`) expires.
 *
 * @throws NoResourcePackageError (code 30101) when no package has a unit left; `fn` is not called.
 * @example
 * const image = await withReservedUnit(store, key.accountId, () => renderer.render(request));
 */
export async function withReservedUnit<T>(
  store: Store,
  accountId: string,
  fn: () => Promise<T>,
  options: ReservedUnitOptions = {},
): Promise<T> {
  const now = (options.now ?? (() => new Date()))();
  const holdUntil = new Date(now.getTime() + (options.holdMs ?? DEFAULT_HOLD_MS));
  const reservation = await store.reserveUnit(accountId, now, holdUntil);
  if (!reservation) throw new NoResourcePackageError(accountId);
  let result: T;
  try {
    result = await fn();
  } catch (error) {
    // The render's error is the one to report. If the refund fails too (database away), the
    // hold expires and releaseExpiredReservations gives the unit back later.
    await store.releaseReservation(reservation.id).catch(() => {});
    throw error;
  }
  await store.commitReservation(reservation.id);
  return result;
}
