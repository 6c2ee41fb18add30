/**
 * Migration 005: a studio session signed in with the admin token keeps a fingerprint of that token, so replacing the
 * token ends the session. Sessions from before have none and end at their next request. Portable SQLite/PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const migration005StudioSessionAdminToken: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('studio_sessions').addColumn('admin_token_fingerprint', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('studio_sessions').dropColumn('admin_token_fingerprint').execute();
  },
};
