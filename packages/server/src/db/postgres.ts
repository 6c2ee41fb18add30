/** The PostgreSQL driver: a pg Pool; int8 values (times in ms, counters) are read as JavaScript numbers. */
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { importOptional } from '../optional-module.js';
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
function typesOf(driver: typeof pg) {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
      return driver.types.getTypeParser(oid, format as 'text');
    },
  };
}

/**
 * Connect to PostgreSQL at `connectionString` (`postgres://user:pass@host:port/db`). The driver (`pg`, an optional
 * dependency) is loaded with the first query: without it that query fails with a ConfigError saying what to install.
 */
export function createPostgresStore(
  connectionString: string,
  options: PostgresStoreOptions = {},
): KyselyStore {
  const pool = async () => {
    const driver = (
      await importOptional(() => import('pg'), 'pg', 'pg@8', 'PICTOR_DATABASE_URL (postgres://…)')
    ).default;
    const created = new driver.Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      types: typesOf(driver),
    });
    created.on('error', (error) => options.onConnectionError?.(error));
    return created;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return new KyselyStore(db, 'postgres', options);
}
