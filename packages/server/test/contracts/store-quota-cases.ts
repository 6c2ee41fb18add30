/** Store contract, part 2: packages and reservations (the quota). */
import { expect, it } from 'vitest';
import type { Store } from '../../src/db/types.js';
import { HOUR, T0, at, type StoreContext } from './store-fixtures.js';

/** Register these cases inside the driver's describe block. */
export function quotaCases(ctx: StoreContext): void {
  it('reserves from the package that expires first, skipping expired and empty ones', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    const expired = await store.grantPackage(account.id, 5, at(-1));
    const late = await store.grantPackage(account.id, 1, at(2 * HOUR));
    const early = await store.grantPackage(account.id, 1, at(HOUR));
    const first = await store.reserveUnit(account.id, T0, at(60_000));
    expect(first?.packageId).toBe(early.id);
    const second = await store.reserveUnit(account.id, T0, at(60_000));
    expect(second?.packageId).toBe(late.id);
    expect(await store.reserveUnit(account.id, T0, at(60_000))).toBeNull();
    const all = await store.listPackages(account.id);
    expect(all.map((p) => [p.id, p.remaining])).toEqual([
      [expired.id, 5],
      [early.id, 0],
      [late.id, 0],
    ]);
  });

  it('does not use a package at or after its expiry', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.grantPackage(account.id, 3, at(HOUR));
    expect(await store.reserveUnit(account.id, at(HOUR), at(HOUR + 60_000))).toBeNull();
    expect(await store.reserveUnit(account.id, at(HOUR - 1), at(HOUR + 60_000))).not.toBeNull();
  });

  it('does not use another account’s packages', async () => {
    const { store } = ctx;
    const a = await store.createAccount('a');
    const b = await store.createAccount('b');
    await store.grantPackage(a.id, 3, at(HOUR));
    expect(await store.reserveUnit(b.id, T0, at(60_000))).toBeNull();
  });

  it('commit spends the unit and counts a render; release gives it back; both are idempotent', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.grantPackage(account.id, 2, at(HOUR));
    const ok = await store.reserveUnit(account.id, T0, at(60_000));
    const failed = await store.reserveUnit(account.id, T0, at(60_000));
    if (!ok || !failed) throw new Error('expected two reservations');
    await store.commitReservation(ok.id);
    await store.commitReservation(ok.id);
    await store.releaseReservation(ok.id);
    await store.releaseReservation(failed.id);
    await store.releaseReservation(failed.id);
    await store.commitReservation(failed.id);
    const usage = await store.usage(account.id, T0);
    expect(usage.rendersDone).toBe(1);
    expect(usage.packages.map((p) => p.remaining)).toEqual([1]);
  });

  it('usage lists only packages with units left and not expired, expiring first first', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.grantPackage(account.id, 4, at(-HOUR));
    await store.grantPackage(account.id, 0, at(HOUR));
    const b = await store.grantPackage(account.id, 2, at(3 * HOUR));
    const a = await store.grantPackage(account.id, 1, at(2 * HOUR));
    const usage = await store.usage(account.id, T0);
    expect(usage).toEqual({ packages: [a, b], rendersDone: 0 });
    expect(a.expiresAt).toBe('2030-01-01T02:00:00.000Z');
  });

  it('purges finished reservations only, oldest first, within the limit', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.grantPackage(account.id, 5, at(HOUR));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await store.reserveUnit(account.id, at(i * 1000), at(HOUR));
      ids.push(r?.id as string);
    }
    await store.commitReservation(ids[0] as string);
    await store.releaseReservation(ids[1] as string);
    await store.commitReservation(ids[3] as string);
    // ids[2] and ids[4] are still held; ids[3] is too recent.
    expect(await store.purgeFinishedReservations(at(2_500), 1)).toBe(1);
    expect(await store.purgeFinishedReservations(at(2_500), 10)).toBe(1);
    expect(await store.purgeFinishedReservations(at(2_500), 10)).toBe(0);
    // Purged ones are gone for good: commit/release of them does nothing.
    await store.releaseReservation(ids[0] as string);
    await store.releaseReservation(ids[2] as string);
    expect((await store.listPackages(account.id))[0]?.remaining).toBe(2);
    expect((await store.usage(account.id, T0)).rendersDone).toBe(2);
  });

  it('10 units, 50 concurrent reservations: exactly 10 succeed and 0 remain', async () => {
    const { store, peers, harness } = ctx;
    const account = await store.createAccount('a');
    await store.grantPackage(account.id, 4, at(HOUR));
    await store.grantPackage(account.id, 6, at(2 * HOUR));
    const clients = [store];
    if (harness.openPeer) {
      for (let i = 0; i < 4; i++) {
        const peer = await harness.openPeer();
        peers.push(peer);
        clients.push(peer);
      }
    }
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (clients[i % clients.length] as Store).reserveUnit(account.id, T0, at(60_000)),
      ),
    );
    const won = results.filter((r) => r !== null);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((r) => r?.id)).size).toBe(10);
    const all = await store.listPackages(account.id);
    expect(all.map((p) => p.remaining)).toEqual([0, 0]);
    // Committing half and releasing half concurrently leaves exactly 5 units.
    await Promise.all(
      won.map((r, i) =>
        i % 2 === 0 ? store.commitReservation(r?.id as string) : store.releaseReservation(r?.id as string),
      ),
    );
    const usage = await store.usage(account.id, T0);
    expect(usage.rendersDone).toBe(5);
    expect(usage.packages.reduce((sum, p) => sum + p.remaining, 0)).toBe(5);
  });

  it('releaseExpiredReservations gives back only abandoned holds, once', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.grantPackage(account.id, 3, at(HOUR));
    const shortHold = await store.reserveUnit(account.id, T0, at(1_000));
    const longHold = await store.reserveUnit(account.id, T0, at(100_000));
    const committed = await store.reserveUnit(account.id, T0, at(1_000));
    if (!shortHold || !longHold || !committed) throw new Error('expected three reservations');
    await store.commitReservation(committed.id);
    expect(await store.releaseExpiredReservations(at(2_000))).toBe(1);
    expect(await store.releaseExpiredReservations(at(2_000))).toBe(0);
    await store.commitReservation(shortHold.id); // too late: already given back, nothing happens
    const usage = await store.usage(account.id, at(2_000));
    expect(usage.packages[0]?.remaining).toBe(1);
    expect(usage.rendersDone).toBe(1);
  });
}
