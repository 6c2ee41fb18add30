/**
 * Migration 002: URL keys of the embeddable image URLs, the published revisions of every template (so a URL with
 * `_v` keeps rendering the revision it pins after a newer one is published), and render claims (one node renders a
 * new image while the others wait for it). Existing published templates get their current published copy recorded.
 * Portable SQLite/PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

interface LegacyTemplateRow {
  id: string;
  published: string | null;
  updated_at: number | string;
}

export const migration002UrlKeysRevisions: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('url_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('url_keys_account_idx').on('url_keys').column('account_id').execute();

    await db.schema
      .createTable('template_revisions')
      .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('template_revisions_pk', ['template_id', 'revision'])
      .execute();

    await db.schema
      .createTable('render_claims')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('claimed_until', 'bigint', (c) => c.notNull())
      .execute();

    const typed = db as unknown as Kysely<{ templates: LegacyTemplateRow }>;
    const published = await typed
      .selectFrom('templates')
      .select(['id', 'published', 'updated_at'])
      .where('published', 'is not', null)
      .execute();
    for (const row of published) {
      const revision = (JSON.parse(row.published as string) as { revision: number }).revision;
      await (db as Kysely<{ template_revisions: Record<string, unknown> }>)
        .insertInto('template_revisions')
        .values({
          template_id: row.id,
          revision,
          content: row.published,
          published_at: Number(row.updated_at),
        })
        .execute();
    }
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('render_claims').ifExists().execute();
    await db.schema.dropTable('template_revisions').ifExists().execute();
    await db.schema.dropTable('url_keys').ifExists().execute();
  },
};
