/** Store contract, part 6: rate windows and leases shared by every process on the database. */
import { expect, it } from 'vitest';
import { at, type StoreContext } from './store-fixtures.js';

/** Register these cases inside the driver's describe block. */
export function counterCases(ctx: StoreContext): void {
  it('countInWindow counts per key in fixed windows that start again once ended', async () => {
    const { store } = ctx;
    expect(await store.countInWindow('k', at(0), 10_000)).toEqual({ count: 1, resetsAt: at(10_000) });
    expect((await store.countInWindow('k', at(4_000), 10_000)).count).toBe(2);
    expect(await store.countInWindow('other', at(4_000), 10_000)).toEqual({ count: 1, resetsAt: at(14_000) });
    expect(await store.countInWindow('k', at(9_999), 10_000)).toEqual({ count: 3, resetsAt: at(10_000) });
    expect(await store.countInWindow('k', at(10_000), 10_000)).toEqual({ count: 1, resetsAt: at(20_000) });
    expect(await store.purgeRateWindows(at(5_000))).toBe(1);
    expect((await store.countInWindow('other', at(5_000), 10_000)).count).toBe(1);
  });

  it('countInWindow under concurrency: every caller of every process gets a distinct count', async () => {
    const stores = [ctx.store];
    for (let i = 0; i < 3 && ctx.harness.openPeer; i++) {
      const peer = await ctx.harness.openPeer();
      ctx.peers.push(peer);
      stores.push(peer);
    }
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stores[i % stores.length]!.countInWindow('hot', at(1), 60_000)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('a lease has one holder until it expires or is released; its holder renews it', async () => {
    const { store } = ctx;
    expect(await store.acquireLease('janitor', 'node-a', at(0), at(60_000))).toBe(true);
    expect(await store.acquireLease('janitor', 'node-b', at(1_000), at(61_000))).toBe(false);
    expect(await store.acquireLease('janitor', 'node-a', at(30_000), at(90_000))).toBe(true);
    expect(await store.acquireLease('janitor', 'node-b', at(60_000), at(120_000))).toBe(false);
    expect(await store.acquireLease('janitor', 'node-b', at(90_000), at(150_000))).toBe(true);
    await store.releaseLease('janitor', 'node-a');
    expect(await store.acquireLease('janitor', 'node-a', at(91_000), at(151_000))).toBe(false);
    await store.releaseLease('janitor', 'node-b');
    expect(await store.acquireLease('janitor', 'node-a', at(92_000), at(152_000))).toBe(true);
  });
}
