/**
 * The Store contract on the embedded SQLite driver (a file in a temporary folder). No in-process
 * peers: better-sqlite3 waits for locks synchronously, so two connections on one thread would
 * block each other; store-sqlite-processes.test.ts covers many processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteStore, createStore } from '../src/store/index.js';
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

  it('refuses a URL that is neither empty nor postgres://', () => {
    expect(() => createStore('mysql://x', '/tmp')).toThrow(/PICTOR_DATABASE_URL/);
  });
});
