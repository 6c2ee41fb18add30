/** withReservedUnit: a successful render spends one unit, a failing one spends nothing, none left is 30101. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoResourcePackageError } from '../src/errors.js';
import { DEFAULT_HOLD_MS, withReservedUnit } from '../src/services/quota.js';
import { type Store, createStore } from '../src/db/index.js';

const NOW = new Date('2030-01-01T00:00:00Z');
const LATER = new Date('2030-02-01T00:00:00Z');

describe('withReservedUnit', () => {
  let dir: string;
  let store: Store;
  let accountId: string;
  const remaining = async () =>
    (await store.usage(accountId, NOW)).packages.reduce((sum, p) => sum + p.remaining, 0);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pictor-quota-'));
    store = createStore(undefined, dir);
    await store.migrate();
    accountId = (await store.createAccount('a')).id;
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('spends one unit and counts a render on success, returning the result', async () => {
    await store.grantPackage(accountId, 3, LATER);
    const result = await withReservedUnit(store, accountId, async () => 'image', { now: () => NOW });
    expect(result).toBe('image');
    expect(await remaining()).toBe(2);
    expect((await store.usage(accountId, NOW)).rendersDone).toBe(1);
  });

  it('gives the unit back when the render fails and rethrows the same error', async () => {
    await store.grantPackage(accountId, 1, LATER);
    const failure = new Error('render failed');
    await expect(
      withReservedUnit(
        store,
        accountId,
        async () => {
          expect(await remaining()).toBe(0); // held while rendering
          throw failure;
        },
        { now: () => NOW },
      ),
    ).rejects.toBe(failure);
    expect(await remaining()).toBe(1);
    expect((await store.usage(accountId, NOW)).rendersDone).toBe(0);
  });

  it('reports the render error even when the refund fails; the hold brings the unit back later', async () => {
    await store.grantPackage(accountId, 1, LATER);
    const flaky: Store = Object.create(store, {
      releaseReservation: { value: async () => Promise.reject(new Error('database away')) },
    });
    const failure = new Error('render failed');
    await expect(
      withReservedUnit(flaky, accountId, async () => Promise.reject(failure), {
        now: () => NOW,
        holdMs: 1000,
      }),
    ).rejects.toBe(failure);
    expect(await remaining()).toBe(0);
    expect(await store.releaseExpiredReservations(new Date(NOW.getTime() + 1001))).toBe(1);
    expect(await remaining()).toBe(1);
  });

  it('throws NoResourcePackageError (30101) without calling fn when nothing is left or all expired', async () => {
    await store.grantPackage(accountId, 5, new Date(NOW.getTime() - 1));
    let called = false;
    const attempt = withReservedUnit(
      store,
      accountId,
      async () => {
        called = true;
      },
      { now: () => NOW },
    );
    await expect(attempt).rejects.toBeInstanceOf(NoResourcePackageError);
    await expect(attempt).rejects.toMatchObject({ code: 30101, accountId });
    expect(called).toBe(false);
  });

  it('10 units, 50 concurrent renders (some failing): exactly 10 attempts run, failures are refunded', async () => {
    await store.grantPackage(accountId, 10, LATER);
    let ran = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        withReservedUnit(
          store,
          accountId,
          async () => {
            ran++;
            await new Promise((r) => setTimeout(r, 5));
            return 'ok';
          },
          { now: () => NOW },
        ),
      ),
    );
    expect(ran).toBe(10);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const rejected = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected.every((o) => o.reason instanceof NoResourcePackageError)).toBe(true);
    expect(await remaining()).toBe(0);

    await store.grantPackage(accountId, 4, LATER);
    const failing = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        withReservedUnit(store, accountId, async () => Promise.reject(new Error('x')), { now: () => NOW }),
      ),
    );
    expect(failing.every((o) => o.status === 'rejected')).toBe(true);
    expect(await remaining()).toBe(4);
    expect((await store.usage(accountId, NOW)).rendersDone).toBe(10);
  });

  it('holds the unit for holdMs: a crashed render is refunded by releaseExpiredReservations', async () => {
    await store.grantPackage(accountId, 1, LATER);
    const held = await store.reserveUnit(accountId, NOW, new Date(NOW.getTime() + DEFAULT_HOLD_MS));
    expect(held).not.toBeNull();
    expect(await store.releaseExpiredReservations(new Date(NOW.getTime() + DEFAULT_HOLD_MS - 1))).toBe(0);
    expect(await store.releaseExpiredReservations(new Date(NOW.getTime() + DEFAULT_HOLD_MS + 1))).toBe(1);
    expect(await remaining()).toBe(1);
  });
});
