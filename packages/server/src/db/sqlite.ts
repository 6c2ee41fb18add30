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

/** What to do when better-sqlite3's native module was never built (pnpm skips build scripts until approved). */
export const SQLITE_NOT_BUILT =
  'better-sqlite3 (the SQLite driver) has no native module: its build script did not run. pnpm skips build scripts ' +
  'until they are approved ("Ignored build scripts: better-sqlite3" during the install): run `pnpm approve-builds` ' +
  'and choose better-sqlite3, or add "pnpm": {"onlyBuiltDependencies": ["better-sqlite3"]} to package.json, then ' +
  '`pnpm rebuild better-sqlite3` (npm: `npm rebuild better-sqlite3`; without a prebuilt binary it compiles, which ' +
  'needs python3, make and g++). Or set PICTOR_DATABASE_URL to a postgres:// URL.';

/** `new Database(filename)`, with a message that says how to build the driver when its native module is missing. */
function openDatabase(filename: string): SqliteDatabase.Database {
  try {
    return new SqliteDatabase(filename);
  } catch (error) {
    if (/Could not locate the bindings file/.test((error as Error).message)) {
      throw new Error(SQLITE_NOT_BUILT, { cause: error });
    }
    throw error;
  }
}

/**
 * Open (creating it and its folder when absent) the SQLite database at `filename`; `:memory:` works too. Every
 * call, the render path's included, goes through the same Kysely queries as on PostgreSQL.
 */
export function createSqliteStore(filename: string, options: SqliteStoreOptions = {}): KyselyStore {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const database = openDatabase(filename);
  // busy_timeout first: switching to WAL needs a lock another process may hold for a moment.
  database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return new KyselyStore(db, 'sqlite', options);
}
