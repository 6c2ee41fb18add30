/** Store contract, part 4: stored-object bookkeeping and its safe removal. */
import { expect, it } from 'vitest';
import type { Store } from '../../src/db/types.js';
import { at, type StoreContext } from './store-fixtures.js';

/** Register these cases inside the driver's describe block. */
export function objectCases(ctx: StoreContext): void {
  it('expired objects are taken once; a later link keeps an object', async () => {
    const { store } = ctx;
    // A touch says whether the row was there already (extended or kept) or had to be created.
    expect(await store.touchObject('aaaa.png', at(1_000))).toBe(false);
    expect(await store.touchObject('bbbb.png', at(1_000))).toBe(false);
    expect(await store.touchObject('bbbb.png', at(10_000))).toBe(true);
    expect(await store.touchObject('bbbb.png', at(5_000))).toBe(true); // an older expiry never shortens
    await store.touchObject('cccc.webp', at(500));
    expect(await store.getObjectExpiry('bbbb.png')).toEqual(at(10_000));
    expect(await store.getObjectExpiry('zzzz.png')).toBeNull();
    const first = await store.takeExpiredObjects(at(2_000), 10);
    expect(await store.getObjectExpiry('aaaa.png')).toBeNull();
    expect(first.sort()).toEqual(['aaaa.png', 'cccc.webp']);
    expect(await store.takeExpiredObjects(at(2_000), 10)).toEqual([]);
    expect(await store.takeExpiredObjects(at(10_001), 10)).toEqual(['bbbb.png']);
  });

  it('lists expired objects without changing them; removes one only while still expired', async () => {
    const { store } = ctx;
    await store.touchObject('aaaa.png', at(1_000));
    await store.touchObject('bbbb.png', at(500));
    await store.touchObject('cccc.png', at(9_000));
    expect(await store.listExpiredObjects(at(2_000), 10)).toEqual(['bbbb.png', 'aaaa.png']);
    expect(await store.listExpiredObjects(at(2_000), 1)).toEqual(['bbbb.png']);
    const removed: string[] = [];
    const remove = (key: string) => async () => {
      removed.push(key);
    };
    expect(await store.removeExpiredObject('cccc.png', at(2_000), remove('cccc.png'))).toBe(false);
    expect(await store.removeExpiredObject('zzzz.png', at(2_000), remove('zzzz.png'))).toBe(false);
    await expect(
      store.removeExpiredObject('aaaa.png', at(2_000), async () => {
        throw new Error('storage down');
      }),
    ).rejects.toThrow('storage down');
    expect(await store.getObjectExpiry('aaaa.png')).toEqual(at(1_000));
    expect(await store.removeExpiredObject('aaaa.png', at(2_000), remove('aaaa.png'))).toBe(true);
    expect(await store.removeExpiredObject('aaaa.png', at(2_000), remove('aaaa.png'))).toBe(false);
    expect(removed).toEqual(['aaaa.png']);
    expect(await store.listExpiredObjects(at(2_000), 10)).toEqual(['bbbb.png']);
  });

  it('a link made while an object is being removed waits for the removal, then re-creates the row', async () => {
    const { store, peers, harness } = ctx;
    await store.touchObject('dddd.png', at(0));
    const other = harness.openPeer ? await harness.openPeer() : store;
    if (other !== store) peers.push(other);
    const events: string[] = [];
    let touch: Promise<boolean> | undefined;
    const removed = await store.removeExpiredObject('dddd.png', at(1_000), async () => {
      touch = other.touchObject('dddd.png', at(300_000)).then((extended) => {
        events.push('linked');
        return extended;
      });
      await new Promise((r) => setTimeout(r, 50));
      events.push('removed');
    });
    // The touch waited for the removal and re-created the row: it must not claim the object was still there.
    expect(await touch).toBe(false);
    expect(removed).toBe(true);
    expect(events).toEqual(['removed', 'linked']);
    expect(await store.getObjectExpiry('dddd.png')).toEqual(at(300_000));
  });

  it('concurrent removers remove each object once', async () => {
    const { store, peers, harness } = ctx;
    for (let i = 0; i < 20; i++) await store.touchObject(`rem${String(i).padStart(3, '0')}.png`, at(i));
    const clients = [store];
    if (harness.openPeer) {
      const peer = await harness.openPeer();
      peers.push(peer);
      clients.push(peer);
    }
    const removed: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const client = clients[i % clients.length] as Store;
        for (const key of await client.listExpiredObjects(at(100), 100)) {
          await client.removeExpiredObject(key, at(100), async () => {
            removed.push(key);
          });
        }
      }),
    );
    expect(removed.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `rem${String(i).padStart(3, '0')}.png`),
    );
  });

  it('concurrent janitors never take the same object twice', async () => {
    const { store, peers, harness } = ctx;
    for (let i = 0; i < 40; i++) await store.touchObject(`obj${String(i).padStart(3, '0')}.png`, at(i));
    const clients = [store];
    if (harness.openPeer) {
      const peer = await harness.openPeer();
      peers.push(peer);
      clients.push(peer);
    }
    const batches = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (clients[i % clients.length] as Store).takeExpiredObjects(at(100), 7),
      ),
    );
    const rest = await store.takeExpiredObjects(at(100), 100);
    const all = [...batches.flat(), ...rest];
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
  });
}
