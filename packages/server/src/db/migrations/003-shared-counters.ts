/**
 * Migration 003: what several server nodes sharing one database count together — rate-limit windows (per API key,
 * and renders per URL key) — and leases (the janitor runs on one node at a time). Portable SQLite/PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const migration003SharedCounters: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rate_windows')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_windows_start_idx').on('rate_windows').column('window_start').execute();

    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('until', 'bigint', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('leases').ifExists().execute();
    await db.schema.dropTable('rate_windows').ifExists().execute();
  },
};
