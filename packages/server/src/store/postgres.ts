/** The PostgreSQL driver: a pg Pool; int8 values (times in ms, counters) are read as JavaScript numbers. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { KyselyStore, type KyselyStoreOptions } from './kysely-store.js';
import type { Database } from './schema.js';

export interface PostgresStoreOptions extends KyselyStoreOptions {
  /** Connections in the pool. Default 10. */
  maxConnections?: number;
  /**
   * Called when an idle pooled connection fails (server restart, network). The pool drops that
   * connection and opens a new one for the next query; without a listener the process would crash.
   */
  onConnectionError?: (error: Error) => void;
}

const INT8_OID = 20;

/** int8 (bigint) as number: our values are milliseconds and counters, far below 2^53. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Connect to PostgreSQL at `connectionString` (`postgres://user:pass@host:port/db`). */
export function createPostgresStore(
  connectionString: string,
  options: PostgresStoreOptions = {},
): KyselyStore {
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 10, types });
  pool.on('error', (error) => options.onConnectionError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return new KyselyStore(db, 'postgres', options);
}
