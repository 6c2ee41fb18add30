/** The embedded SQLite driver: one file, WAL mode, a busy timeout for other processes, foreign keys on. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyStore, type KyselyStoreOptions } from './kysely-store.js';
import type { Database } from './schema.js';
import { SqliteHotQueries } from './sqlite-hot-queries.js';
import type { Reservation, StoredApiKey, TemplateStamp } from './types.js';

export interface SqliteStoreOptions extends KyselyStoreOptions {
  /** How long a writer waits for another process's write lock before failing. Default 5000 ms. */
  busyTimeoutMs?: number;
}

/** Open (creating it and its folder when absent) the SQLite database at `filename`; `:memory:` works too. */
export function createSqliteStore(filename: string, options: SqliteStoreOptions = {}): KyselyStore {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const database = new SqliteDatabase(filename);
  // busy_timeout first: switching to WAL needs a lock another process may hold for a moment.
  database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  cachePreparedStatements(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return new SqliteStore(db, database, options);
}

/**
 * The Kysely store with the render path's calls as prepared statements (see {@link SqliteHotQueries}); each falls
 * back to the Kysely query while a Kysely transaction holds the connection. (Plain private members, not #fields:
 * a store wrapped with Object.create, as tests do, must still work.)
 */
class SqliteStore extends KyselyStore {
  private readonly database: SqliteDatabase.Database;
  private queries: SqliteHotQueries | undefined;

  constructor(db: Kysely<Database>, database: SqliteDatabase.Database, options: KyselyStoreOptions) {
    super(db, 'sqlite', options);
    this.database = database;
  }

  /** Prepared on first use: the tables exist only once migrate() has run. */
  private get hot(): SqliteHotQueries {
    this.queries ??= new SqliteHotQueries(this.database);
    return this.queries;
  }

  override async findActiveApiKey(secretHash: string): Promise<StoredApiKey | null> {
    return this.hot.available ? this.hot.findActiveApiKey(secretHash) : super.findActiveApiKey(secretHash);
  }

  override async getTemplateStamp(id: string): Promise<TemplateStamp | null> {
    return this.hot.available ? this.hot.getTemplateStamp(id) : super.getTemplateStamp(id);
  }

  override async reserveUnit(accountId: string, now: Date, holdUntil: Date): Promise<Reservation | null> {
    return this.hot.available
      ? this.hot.reserveUnit(accountId, now, holdUntil)
      : super.reserveUnit(accountId, now, holdUntil);
  }

  override async commitReservation(reservationId: string): Promise<void> {
    if (this.hot.available) this.hot.commitReservation(reservationId);
    else await super.commitReservation(reservationId);
  }

  override async releaseReservation(reservationId: string): Promise<void> {
    if (this.hot.available) this.hot.releaseReservation(reservationId);
    else await super.releaseReservation(reservationId);
  }

  override async touchObject(key: string, expiresAt: Date): Promise<boolean> {
    return this.hot.available ? this.hot.touchObject(key, expiresAt) : super.touchObject(key, expiresAt);
  }
}

/**
 * Kysely's SQLite driver prepares every statement on every query (8.7% of the server's main thread on the
 * render path, profiled): keep prepared statements by their SQL text. better-sqlite3 is synchronous and Kysely
 * never iterates two results of one statement at once, so reusing a statement is safe.
 */
function cachePreparedStatements(database: SqliteDatabase.Database, maxStatements = 256): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SqliteDatabase.Statement>();
  database.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (cache.size >= maxStatements) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
    }
    return statement;
  }) as typeof database.prepare;
}
