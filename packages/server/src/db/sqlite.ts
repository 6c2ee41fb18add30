/** The embedded SQLite driver: one file, WAL mode, a busy timeout for other processes, foreign keys on. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyStore, type KyselyStoreOptions } from './kysely-store.js';
import type { Database } from './schema.js';

export interface SqliteStoreOptions extends KyselyStoreOptions {
  /** How long a writer waits for another process's write lock before failing. Default 5000 ms. */
  busyTimeoutMs?: number;
}

/**
 * Open (creating it and its folder when absent) the SQLite database at `filename`; `:memory:` works too. Every
 * call, the render path's included, goes through the same Kysely queries as on PostgreSQL.
 */
export function createSqliteStore(filename: string, options: SqliteStoreOptions = {}): KyselyStore {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const database = new SqliteDatabase(filename);
  // busy_timeout first: switching to WAL needs a lock another process may hold for a moment.
  database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return new KyselyStore(db, 'sqlite', options);
}
