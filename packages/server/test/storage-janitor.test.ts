/** The janitor: expired objects leave storage and the store, abandoned reservations are refunded, live objects stay. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type JanitorRound, startJanitor } from '../src/services/janitor.js';
import { createDiskStorage } from '../src/storage/index.js';
import type { ObjectStorage } from '../src/storage/types.js';
import { type Store, createStore } from '../src/db/index.js';
import { framedImage } from './helpers/framed-image.js';

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const key = (n: number) => `${String(n).padStart(4, '0')}${'e'.repeat(60)}.png`;

describe('janitor', () => {
  let dir: string;
  let store: Store;
  let storage: ObjectStorage;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pictor-janitor-'));
    store = createStore(undefined, dir);
    await store.migrate();
    storage = createDiskStorage(join(dir, 'objects'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes objects expired longer than the grace, keeps the others, and refunds abandoned holds', async () => {
    for (let i = 0; i < 7; i++) {
      await storage.put(key(i), framedImage('png', Buffer.from([i])), 'image/png');
      await store.touchObject(key(i), at(i < 5 ? 0 : 600_000));
    }
    const account = await store.createAccount('a');
    await store.grantPackage(account.id, 2, at(3_600_000));
    await store.reserveUnit(account.id, T0, at(1_000));

    let now = at(30_000);
    const errors: unknown[] = [];
    const janitor = startJanitor({
      store,
      storage,
      intervalMs: 3_600_000,
      graceMs: 60_000,
      batchSize: 2,
      now: () => now,
      onError: (e) => errors.push(e),
      holder: 'node-a',
    });
    // The first round (at start) runs inside the grace period: objects stay, the hold is refunded.
    expect(await janitor.runOnce()).toEqual({
      lease: 'node-a',
      objectsDeleted: 0,
      reservationsReleased: 1,
      reservationsPurged: 0,
      rateWindowsPurged: 0,
      studioSessionsPurged: 0,
    });
    now = at(61_000);
    expect(await janitor.runOnce()).toEqual({
      lease: 'node-a',
      objectsDeleted: 5,
      reservationsReleased: 0,
      reservationsPurged: 0,
      rateWindowsPurged: 0,
      studioSessionsPurged: 0,
    });
    expect(await janitor.runOnce()).toEqual({
      lease: 'node-a',
      objectsDeleted: 0,
      reservationsReleased: 0,
      reservationsPurged: 0,
      rateWindowsPurged: 0,
      studioSessionsPurged: 0,
    });
    await janitor.stop();

    for (let i = 0; i < 7; i++) expect((await storage.head(key(i))) === null).toBe(i < 5);
    expect((await store.usage(account.id, T0)).packages[0]?.remaining).toBe(2);
    expect(errors).toEqual([]);
  });

  it('keeps an object linked again after it was listed; a render linking it mid-delete waits', async () => {
    for (const n of [1, 2, 3]) {
      await storage.put(key(n), framedImage('png', Buffer.from([n])), 'image/png');
      await store.touchObject(key(n), T0);
    }
    const events: string[] = [];
    let racingTouch: Promise<void> | undefined;
    // A render links key(1) between the janitor's listing and its removal...
    const racing: Store = Object.create(store, {
      listExpiredObjects: {
        value: async (before: Date, limit: number) => {
          const listed = await store.listExpiredObjects(before, limit);
          await store.touchObject(key(1), at(300_000));
          return listed;
        },
      },
    });
    // ...and another links key(2) while its file is being deleted.
    const slow: ObjectStorage = {
      ...storage,
      async delete(k) {
        if (k === key(2)) {
          racingTouch = store.touchObject(k, at(300_000)).then(() => {
            events.push('touch done');
          });
          await new Promise((r) => setTimeout(r, 30));
          events.push('file deleted');
        }
        await storage.delete(k);
      },
    };
    const janitor = startJanitor({ store: racing, storage: slow, graceMs: 0, now: () => at(1) });
    expect((await janitor.runOnce()).objectsDeleted).toBe(2);
    await janitor.stop();
    await racingTouch;
    expect(events).toEqual(['file deleted', 'touch done']);
    expect(await storage.head(key(1))).not.toBeNull(); // re-linked first: kept
    expect(await storage.head(key(2))).toBeNull(); // the render after the wait finds it gone and renders again
    expect(await storage.head(key(3))).toBeNull();
    expect(await store.getObjectExpiry(key(1))).toEqual(at(300_000));
    expect(await store.getObjectExpiry(key(2))).toEqual(at(300_000));
  });

  it('puts an object back for the next round when its delete fails', async () => {
    await store.touchObject(key(1), T0);
    let failing = true;
    const flaky: ObjectStorage = {
      ...storage,
      async delete(k) {
        if (failing) throw new Error('disk busy');
        await storage.delete(k);
      },
    };
    const errors: unknown[] = [];
    const janitor = startJanitor({
      store,
      storage: flaky,
      graceMs: 0,
      now: () => at(1),
      onError: (e) => errors.push(e),
    });
    await janitor.runOnce();
    expect(errors.map((e) => (e as Error).message)).toContain('disk busy');
    failing = false;
    await janitor.stop();
    const later = startJanitor({ store, storage: flaky, graceMs: 0, now: () => at(2) });
    expect((await later.runOnce()).objectsDeleted).toBe(1);
    await later.stop();
  });

  it('one janitor at a time on a shared store: the lease holder sweeps, another takes over once it stops', async () => {
    await store.touchObject(key(1), T0);
    await store.touchObject(key(2), T0);
    const rounds: JanitorRound[] = [];
    const a = startJanitor({
      store,
      storage,
      graceMs: 0,
      now: () => at(1),
      holder: 'a',
      onRound: (r) => rounds.push(r),
    });
    const b = startJanitor({
      store,
      storage,
      graceMs: 0,
      now: () => at(1),
      holder: 'b',
      onRound: (r) => rounds.push(r),
    });
    const [first, second] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect([first.lease, second.lease].sort()).toEqual(['a', null].sort());
    expect(first.objectsDeleted + second.objectsDeleted).toBe(2);
    expect((await b.runOnce()).lease).toBe(first.lease === 'a' ? null : 'b');
    await (first.lease === 'a' ? a : b).stop();
    const other = first.lease === 'a' ? b : a;
    expect((await other.runOnce()).lease).toBe(first.lease === 'a' ? 'b' : 'a');
    await other.stop();
    expect(rounds.length).toBeGreaterThanOrEqual(4);
  });

  it('forgets rate-limit windows two days after they started', async () => {
    await store.countInWindow('old', at(0), 10_000);
    await store.countInWindow('new', at(2 * 86_400_000 - 1), 10_000);
    const janitor = startJanitor({ store, storage, now: () => at(2 * 86_400_000 + 1) });
    expect((await janitor.runOnce()).rateWindowsPurged).toBe(1);
    await janitor.stop();
  });
});
