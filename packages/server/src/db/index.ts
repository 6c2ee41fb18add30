/** Store factory: SQLite in the data dir by default, PostgreSQL for a `postgres://` URL. */
import { join } from 'node:path';
import type { KyselyStoreOptions } from './kysely-store.js';
import { createPostgresStore } from './postgres.js';
import { createSqliteStore } from './sqlite.js';
import type { Store } from './types.js';

export { StoreError, type StoreErrorKind } from './errors.js';
export { KyselyStore, type KyselyStoreOptions, type StoreDialect } from './kysely-store.js';
export { createPostgresStore, type PostgresStoreOptions } from './postgres.js';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite.js';
export type * from './types.js';

/**
 * The store for a configuration: `databaseUrl` unset or empty → SQLite file `{dataDir}/pictor.db`;
 * `postgres://…` or `postgresql://…` → PostgreSQL. Call `migrate()` before use.
 *
 * @throws Error when `databaseUrl` has another scheme.
 */
export function createStore(
  databaseUrl: string | undefined,
  dataDir: string,
  options: KyselyStoreOptions = {},
): Store {
  if (!databaseUrl) return createSqliteStore(join(dataDir, 'pictor.db'), options);
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return createPostgresStore(databaseUrl, options);
  throw new Error('PICTOR_DATABASE_URL: must be unset (embedded SQLite) or a postgres:// URL');
}
