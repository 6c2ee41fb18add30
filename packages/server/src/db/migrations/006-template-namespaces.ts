/**
 * Migration 006: template ids are unique per account, not across accounts — the same id in two accounts is two
 * templates, and creating an id another account uses no longer answers that it exists. `templates` gets the primary
 * key (account_id, id); `template_revisions` gets `account_id` and the key (account_id, template_id, revision).
 * Both tables are rebuilt (SQLite cannot change a primary key in place) with every row kept. Portable
 * SQLite/PostgreSQL.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const migration006TemplateNamespaces: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('templates_next')
      .addColumn('id', 'text', (c) => c.notNull())
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
      .addPrimaryKeyConstraint('templates_account_id_pk', ['account_id', 'id'])
      .execute();
    await sql`insert into templates_next
      (id, account_id, name, status, draft, draft_discarded, published, version, created_at, updated_at)
      select id, account_id, name, status, draft, draft_discarded, published, version, created_at, updated_at
      from templates`.execute(db);

    await db.schema
      .createTable('template_revisions_next')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('template_revisions_account_pk', ['account_id', 'template_id', 'revision'])
      .addForeignKeyConstraint(
        'template_revisions_template_fk',
        ['account_id', 'template_id'],
        'templates_next',
        ['account_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await sql`insert into template_revisions_next (account_id, template_id, revision, content, published_at)
      select t.account_id, r.template_id, r.revision, r.content, r.published_at
      from template_revisions r join templates t on t.id = r.template_id`.execute(db);

    await db.schema.dropTable('template_revisions').execute();
    await db.schema.dropTable('templates').execute();
    // SQLite rewrites the revisions' foreign key to the new name; PostgreSQL keeps it by reference.
    await db.schema.alterTable('templates_next').renameTo('templates').execute();
    await db.schema.alterTable('template_revisions_next').renameTo('template_revisions').execute();
    // The admin API finds a template by id alone (it may be in several accounts).
    await db.schema.createIndex('templates_id_idx').on('templates').column('id').execute();
  },

  async down(): Promise<void> {
    // Ids that two accounts share cannot go back to one namespace without renaming one of them.
    throw new Error('migration 006 (per-account template ids) cannot be undone');
  },
};
