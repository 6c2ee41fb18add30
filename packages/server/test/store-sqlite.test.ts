/**
 * The Store contract on the embedded SQLite driver (a file in a temporary folder). No in-process
 * peers: better-sqlite3 waits for locks synchronously, so two connections on one thread would
 * block each other; store-sqlite-processes.test.ts covers many processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteStore, createStore } from '../src/db/index.js';
import { checkMigration006 } from './contracts/store-migration-006.js';
import { describeStoreContract } from './contracts/store-contract.js';

let dir = '';

describeStoreContract('sqlite', {
  async open() {
    dir = mkdtempSync(join(tmpdir(), 'pictor-store-'));
    const store = createStore(undefined, dir);
    await store.migrate();
    return store;
  },
  async cleanup() {
    rmSync(dir, { recursive: true, force: true });
  },
});

describe('createStore', () => {
  it('puts the SQLite file at {dataDir}/pictor.db in WAL mode with foreign keys on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictor-store-'));
    try {
      const store = createSqliteStore(join(dataDir, 'nested', 'pictor.db'));
      await store.migrate();
      const { sql } = await import('kysely');
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(fk.rows[0]?.foreign_keys).toBe(1);
      await store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('migration 002 records the published copy of templates published before it, for _v', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictor-store-'));
    try {
      const store = createSqliteStore(join(dataDir, 'pictor.db'));
      const { Migrator } = await import('kysely');
      const { migrationProvider } = await import('../src/db/migrations/index.js');
      const migrator = new Migrator({ db: store.db, provider: migrationProvider });
      await migrator.migrateTo('001_initial');
      const account = await store.createAccount('a');
      const version = {
        content: '<p>old</p>',
        variables: {},
        width: 10,
        height: 10,
        format: 'png',
        quality: null,
      };
      await store.db
        .insertInto('templates')
        .values({
          id: 'legacy',
          account_id: account.id,
          name: 'L',
          status: 'published',
          draft: JSON.stringify({ ...version, revision: 4 }),
          draft_discarded: 0,
          published: JSON.stringify({ ...version, revision: 3 }),
          version: 5,
          created_at: 1,
          updated_at: 2,
        })
        .execute();
      await store.migrate();
      expect(await store.getPublishedRevision(account.id, 'legacy', 3)).toEqual({ ...version, revision: 3 });
      expect(await store.getPublishedRevision(account.id, 'legacy', 4)).toBeNull();
      await store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('migration 006 keeps every template and revision, now found under its account', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictor-store-'));
    try {
      const store = createSqliteStore(join(dataDir, 'pictor.db'));
      await checkMigration006(store);
      await store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a URL that is neither empty nor postgres://', () => {
    expect(() => createStore('mysql://x', '/tmp')).toThrow(/PICTOR_DATABASE_URL/);
  });
});

describe('the render path while an admin transaction is open', () => {
  const NOW = new Date('2026-01-01T00:00:00Z');
  const LATER = new Date('2027-01-01T00:00:00Z');
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('a reserve and a touch wait for an open transaction instead of joining it: a rollback there loses nothing here', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictor-store-'));
    const store = createSqliteStore(join(dataDir, 'pictor.db'));
    try {
      await store.migrate();
      const account = await store.createAccount('a');
      await store.grantPackage(account.id, 1, LATER);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const admin = store.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('packages')
          .set({ remaining: 5 })
          .where('account_id', '=', account.id)
          .execute();
        await gate;
        throw new Error('rolled back');
      });
      await tick();
      let settled = false;
      const reserving = store.reserveUnit(account.id, NOW, LATER).finally(() => {
        settled = true;
      });
      const touching = store.touchObject(`${'a'.repeat(64)}.png`, LATER);
      await tick();
      expect(settled).toBe(false);
      release();
      await expect(admin).rejects.toThrow('rolled back');
      const reservation = await reserving;
      expect(reservation?.accountId).toBe(account.id);
      expect(await touching).toBe(false);
      // The rollback undid only its own change: the reservation took the one unit, and the object row stays.
      expect((await store.listPackages(account.id))[0]?.remaining).toBe(0);
      expect(await store.getObjectExpiry(`${'a'.repeat(64)}.png`)).toEqual(LATER);
      await store.commitReservation(reservation?.id ?? '');
      expect((await store.usage(account.id, NOW)).rendersDone).toBe(1);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
