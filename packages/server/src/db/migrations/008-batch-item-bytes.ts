/**
 * Migration 008: a done batch item keeps its image's size in bytes (`bytes`), listed with it (docs/api.md "Batches");
 * items done before it have none. Portable SQLite/PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const migration008BatchItemBytes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('batch_items').addColumn('bytes', 'bigint').execute();
  },
};
