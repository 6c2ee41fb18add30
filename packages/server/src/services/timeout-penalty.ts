/**
 * Failing on purpose is not free: a render stopped by the time limit held a worker for the whole limit, yet (as the
 * contract says of every failed request) it uses no unit. Instead an account whose renders run into the limit too
 * often is held off for a while: after `max` such renders within a minute its new renders answer 429 / 10108 with
 * `Retry-After` until the minute is over. Fair scheduling already keeps the others served meanwhile.
 */
import { apiError } from '../errors.js';
import { createHoldOff, type WindowCounter } from './window-counter.js';

/** The window the renders stopped by the time limit are counted in. */
export const TIMEOUT_PENALTY_WINDOW_MS = 60_000;

export interface TimeoutPenalty {
  /** @throws ApiError RATE_LIMITED while the account is held off. */
  check(accountId: string): void;
  /** Count a render of the account that the time limit stopped. */
  record(accountId: string): Promise<void>;
}

/** `counter` counts timeouts per account (in memory, or in the store for many nodes); `now` in ms. */
export function createTimeoutPenalty(counter: WindowCounter, max: number, now: () => number): TimeoutPenalty {
  const holdOff = createHoldOff(counter, now);
  const key = (accountId: string) => `timeouts:${accountId}`;
  return {
    check(accountId) {
      const seconds = holdOff.remaining(key(accountId));
      if (seconds === undefined) return;
      throw apiError(
        'RATE_LIMITED',
        `rate limit: more than ${max} of this account's renders ran into the render time limit within a minute; simplify the content, then retry after ${seconds} s`,
        { 'retry-after': String(seconds) },
      );
    },
    record: (accountId) => holdOff.record(key(accountId)),
  };
}
