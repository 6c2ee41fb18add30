/**
 * Migration 007: batches (docs/contract/decisions.md "Batches"). A batch and its items live in the database so that any node takes
 * pending items and a dead node's claims run out and are taken over; webhook deliveries are kept with their log;
 * each account may have a webhook secret (a salt: the secret is derived from the signing secret, never stored).
 * Portable SQLite/PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const migration007Batches: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('batches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('use_draft', 'integer', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('webhook_url', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('turn', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('batches_status_turn_idx')
      .on('batches')
      .columns(['status', 'turn'])
      .execute();
    await db.schema.createIndex('batches_account_idx').on('batches').column('account_id').execute();

    await db.schema
      .createTable('batch_items')
      .addColumn('batch_id', 'text', (c) => c.notNull().references('batches.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('request', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('claim', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('object_key', 'text')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('format', 'text')
      .addColumn('code', 'integer')
      .addColumn('message', 'text')
      .addColumn('finished_at', 'bigint')
      .addPrimaryKeyConstraint('batch_items_pk', ['batch_id', 'seq'])
      .addUniqueConstraint('batch_items_item_id_unique', ['batch_id', 'item_id'])
      .execute();
    await db.schema
      .createIndex('batch_items_status_idx')
      .on('batch_items')
      .columns(['batch_id', 'status', 'seq'])
      .execute();
    await db.schema
      .createIndex('batch_items_account_claim_idx')
      .on('batch_items')
      .columns(['account_id', 'status', 'claimed_until'])
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('batch_id', 'text', (c) => c.notNull().references('batches.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('log', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_batch_idx')
      .on('webhook_deliveries')
      .column('batch_id')
      .execute();

    await db.schema
      .createTable('webhook_secrets')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('salt', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('webhook_secrets').ifExists().execute();
    await db.schema.dropTable('webhook_deliveries').ifExists().execute();
    await db.schema.dropTable('batch_items').ifExists().execute();
    await db.schema.dropTable('batches').ifExists().execute();
  },
};
