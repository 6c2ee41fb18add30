/** The one contract suite every Store driver must pass (SQLite always, PostgreSQL when configured). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { StoreError } from '../../src/store/errors.js';
import { KyselyStore } from '../../src/store/kysely-store.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import type { Store, TemplateVersion } from '../../src/store/types.js';

export interface StoreHarness {
  /** A fresh, empty, migrated store. */
  open(): Promise<Store>;
  /** Another store on the same database (another "process"), for concurrency tests. */
  openPeer?(): Promise<Store>;
  /** Remove what `open` created. */
  cleanup?(): Promise<void>;
}

const HOUR = 3_600_000;
const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

const draftV: Omit<TemplateVersion, 'revision'> = {
  content: '<div>{{title}}</div>',
  variables: { title: { type: 'string', required: true } },
  width: 600,
  height: 300,
  format: 'png',
  quality: null,
};

/** Register the contract tests for one driver. */
export function describeStoreContract(driver: string, harness: StoreHarness): void {
  describe(`Store contract: ${driver}`, () => {
    let store: Store;
    const peers: Store[] = [];

    beforeEach(async () => {
      store = await harness.open();
    });
    afterEach(async () => {
      for (const peer of peers.splice(0)) await peer.close();
      await store.close();
      await harness.cleanup?.();
    });

    it('migrate is idempotent', async () => {
      await store.migrate();
      await store.migrate();
      expect(await store.getAccount('nope')).toBeNull();
    });

    it('records applied migrations and enforces remaining >= 0 in the schema itself', async () => {
      if (!(store instanceof KyselyStore)) return;
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        store.db,
      );
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
      const account = await store.createAccount('a');
      const pkg = await store.grantPackage(account.id, 1, at(HOUR));
      await expect(
        store.db.updateTable('packages').set({ remaining: -1 }).where('id', '=', pkg.id).execute(),
      ).rejects.toThrow(/check/i);
    });

    it('creates and reads accounts', async () => {
      const account = await store.createAccount('Acme');
      expect(account.name).toBe('Acme');
      expect(await store.getAccount(account.id)).toEqual(account);
    });

    it('finds active keys by hash; revoked keys are not found; revoking twice is fine', async () => {
      const account = await store.createAccount('a');
      const key = await store.createApiKey(account.id, 'a'.repeat(64), 'pk_abcdefgh');
      expect(key.revokedAt).toBeNull();
      const found = await store.findActiveApiKey('a'.repeat(64));
      expect(found).toMatchObject({
        id: key.id,
        accountId: account.id,
        prefix: 'pk_abcdefgh',
        secretHash: 'a'.repeat(64),
      });
      expect(await store.findActiveApiKey('b'.repeat(64))).toBeNull();
      expect(await store.revokeApiKey(key.id)).toBe(true);
      expect(await store.findActiveApiKey('a'.repeat(64))).toBeNull();
      expect(await store.revokeApiKey(key.id)).toBe(true);
      expect(await store.revokeApiKey('key_missing')).toBe(false);
    });

    it('rejects a key or package for an unknown account with StoreError not-found', async () => {
      await expect(store.createApiKey('acc_missing', 'c'.repeat(64), 'pk_x')).rejects.toMatchObject({
        kind: 'not-found',
      });
      await expect(store.grantPackage('acc_missing', 5, at(HOUR))).rejects.toBeInstanceOf(StoreError);
    });

    it('reserves from the package that expires first, skipping expired and empty ones', async () => {
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
      const account = await store.createAccount('a');
      await store.grantPackage(account.id, 3, at(HOUR));
      expect(await store.reserveUnit(account.id, at(HOUR), at(HOUR + 60_000))).toBeNull();
      expect(await store.reserveUnit(account.id, at(HOUR - 1), at(HOUR + 60_000))).not.toBeNull();
    });

    it('does not use another account’s packages', async () => {
      const a = await store.createAccount('a');
      const b = await store.createAccount('b');
      await store.grantPackage(a.id, 3, at(HOUR));
      expect(await store.reserveUnit(b.id, T0, at(60_000))).toBeNull();
    });

    it('commit spends the unit and counts a render; release gives it back; both are idempotent', async () => {
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
      const account = await store.createAccount('a');
      await store.grantPackage(account.id, 4, at(-HOUR));
      await store.grantPackage(account.id, 0, at(HOUR));
      const b = await store.grantPackage(account.id, 2, at(3 * HOUR));
      const a = await store.grantPackage(account.id, 1, at(2 * HOUR));
      const usage = await store.usage(account.id, T0);
      expect(usage).toEqual({ packages: [a, b], rendersDone: 0 });
      expect(a.expiresAt).toBe('2030-01-01T02:00:00.000Z');
    });

    it('releaseExpiredReservations gives back only abandoned holds, once', async () => {
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

    it('purges finished reservations only, oldest first, within the limit', async () => {
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

    it('template lifecycle: draft, publish, edit, unpublish, archive, discard, revisions', async () => {
      const account = await store.createAccount('a');
      const created = await store.createTemplate({
        id: 'card',
        accountId: account.id,
        name: 'Card',
        draft: draftV,
      });
      expect(created).toMatchObject({
        id: 'card',
        status: 'draft',
        published: null,
        draft: { ...draftV, revision: 1 },
      });

      const published = await store.publishTemplate('card');
      expect(published?.status).toBe('published');
      expect(published?.published).toEqual({ ...draftV, revision: 1 });
      expect(published?.draft).toEqual(published?.published);

      const edited = await store.updateDraft('card', { content: '<p>{{title}}</p>', width: 800 });
      expect(edited?.draft).toEqual({ ...draftV, content: '<p>{{title}}</p>', width: 800, revision: 2 });
      expect(edited?.published?.revision).toBe(1);
      expect(edited?.status).toBe('published');

      const unpublished = await store.setTemplateStatus('card', 'unpublished');
      expect(unpublished?.status).toBe('unpublished');
      expect(unpublished?.published?.revision).toBe(1);

      const republished = await store.publishTemplate('card');
      expect(republished?.published).toMatchObject({ content: '<p>{{title}}</p>', revision: 2 });

      const discarded = await store.discardDraft('card');
      expect(discarded?.draft).toBeNull();
      expect(discarded?.published?.revision).toBe(2);
      await expect(store.publishTemplate('card')).rejects.toMatchObject({ kind: 'conflict' });

      const recreated = await store.updateDraft('card', { height: 400 });
      expect(recreated?.draft).toMatchObject({
        content: '<p>{{title}}</p>',
        width: 800,
        height: 400,
        revision: 3,
      });

      const archived = await store.setTemplateStatus('card', 'archived');
      expect(archived?.status).toBe('archived');
      expect(await store.getTemplate('card')).toEqual(archived);
    });

    it('template misses, duplicates, listing by account', async () => {
      const a = await store.createAccount('a');
      const b = await store.createAccount('b');
      expect(await store.getTemplate('none')).toBeNull();
      expect(await store.updateDraft('none', { width: 1 })).toBeNull();
      expect(await store.discardDraft('none')).toBeNull();
      expect(await store.publishTemplate('none')).toBeNull();
      expect(await store.setTemplateStatus('none', 'archived')).toBeNull();
      const t1 = await store.createTemplate({ accountId: a.id, name: 'one', draft: draftV });
      await store.createTemplate({ id: 'two', accountId: b.id, name: 'two', draft: draftV });
      await expect(
        store.createTemplate({ id: 'two', accountId: a.id, name: 'again', draft: draftV }),
      ).rejects.toMatchObject({ kind: 'conflict' });
      await expect(
        store.createTemplate({ accountId: 'acc_missing', name: 'x', draft: draftV }),
      ).rejects.toMatchObject({ kind: 'not-found' });
      expect((await store.listTemplates(a.id)).map((t) => t.id)).toEqual([t1.id]);
      expect((await store.listTemplates()).length).toBe(2);
    });

    it('concurrent draft edits all land, each with its own revision', async () => {
      const account = await store.createAccount('a');
      await store.createTemplate({ id: 'busy', accountId: account.id, name: 'busy', draft: draftV });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.updateDraft('busy', { content: `<b>${i}</b>` })),
      );
      const revisions = results.map((r) => r?.draft?.revision).sort((x, y) => (x as number) - (y as number));
      expect(revisions).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect((await store.getTemplate('busy'))?.draft?.revision).toBe(11);
    });

    it('expired objects are taken once; a later link keeps an object', async () => {
      await store.touchObject('aaaa.png', at(1_000));
      await store.touchObject('bbbb.png', at(1_000));
      await store.touchObject('bbbb.png', at(10_000));
      await store.touchObject('bbbb.png', at(5_000)); // an older expiry never shortens
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
      await store.touchObject('dddd.png', at(0));
      const other = harness.openPeer ? await harness.openPeer() : store;
      if (other !== store) peers.push(other);
      const events: string[] = [];
      let touch: Promise<void> | undefined;
      const removed = await store.removeExpiredObject('dddd.png', at(1_000), async () => {
        touch = other.touchObject('dddd.png', at(300_000)).then(() => {
          events.push('linked');
        });
        await new Promise((r) => setTimeout(r, 50));
        events.push('removed');
      });
      await touch;
      expect(removed).toBe(true);
      expect(events).toEqual(['removed', 'linked']);
      expect(await store.getObjectExpiry('dddd.png')).toEqual(at(300_000));
    });

    it('concurrent removers remove each object once', async () => {
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
  });
}
