/** Migration 001: the initial schema (accounts, keys, packages, reservations, templates, objects). Portable SQLite/PostgreSQL. */
import { type Kysely, type Migration, sql } from 'kysely';

export const migration001Initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('renders_done', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();

    await db.schema
      .createTable('packages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('renders', 'integer', (c) => c.notNull().check(sql`renders >= 0`))
      .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('packages_account_expiry_idx')
      .on('packages')
      .columns(['account_id', 'expires_at'])
      .execute();

    await db.schema
      .createTable('reservations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('hold_until', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('held', 'committed', 'released')`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('reservations_state_hold_idx')
      .on('reservations')
      .columns(['state', 'hold_until'])
      .execute();

    await db.schema
      .createTable('templates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('draft', 'published', 'unpublished', 'archived')`),
      )
      .addColumn('draft', 'text', (c) => c.notNull())
      .addColumn('draft_discarded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('templates_account_idx').on('templates').column('account_id').execute();

    await db.schema
      .createTable('objects')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('objects_expiry_idx').on('objects').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['objects', 'templates', 'reservations', 'packages', 'api_keys', 'accounts']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
