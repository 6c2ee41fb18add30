/**
 * Migration 004: sessions of the template studio (`/studio`), kept in the database so every node behind one
 * address knows a session signed in on another. Portable SQLite/PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const migration004StudioSessions: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('studio_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
      .addColumn('key_id', 'text')
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('studio_sessions_expires_idx')
      .on('studio_sessions')
      .column('expires_at')
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('studio_sessions').ifExists().execute();
  },
};
