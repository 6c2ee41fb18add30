/**
 * Migration 006 (template ids per account) on a database that holds templates and published revisions made before
 * it: every row is kept and found under its account, and afterwards another account may use the same ids. Shared by
 * the SQLite and PostgreSQL store tests.
 */
import { type Kysely, Migrator, sql } from 'kysely';
import { expect } from 'vitest';
import type { KyselyStore } from '../../src/db/kysely-store.js';
import { migrationProvider } from '../../src/db/migrations/index.js';

const version = (revision: number, content: string) =>
  JSON.stringify({ content, variables: {}, width: 10, height: 10, format: 'png', quality: null, revision });

/** Run the case on `store`: a fresh, unmigrated database. */
export async function checkMigration006(store: KyselyStore): Promise<void> {
  const migrationTableSchema =
    store.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: store.db, provider: migrationProvider, migrationTableSchema });
  const before = await migrator.migrateTo('005_studio_session_admin_token');
  if (before.error) throw before.error;
  const a = await store.createAccount('a');
  const b = await store.createAccount('b');
  const legacy = store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const row = (id: string, accountId: string, status: string, draft: string, published: string | null) => ({
    id,
    account_id: accountId,
    name: id,
    status,
    draft,
    draft_discarded: 0,
    published,
    version: 3,
    created_at: 1,
    updated_at: 2,
  });
  await legacy
    .insertInto('templates')
    .values([
      row('card', a.id, 'published', version(3, '<p>three</p>'), version(3, '<p>three</p>')),
      row('note', b.id, 'draft', version(1, '<p>draft</p>'), null),
    ])
    .execute();
  await legacy
    .insertInto('template_revisions')
    .values([
      { template_id: 'card', revision: 1, content: version(1, '<p>one</p>'), published_at: 5 },
      { template_id: 'card', revision: 3, content: version(3, '<p>three</p>'), published_at: 6 },
    ])
    .execute();

  await store.migrate();

  expect(await store.getTemplate(a.id, 'card')).toMatchObject({
    id: 'card',
    accountId: a.id,
    status: 'published',
    published: { content: '<p>three</p>', revision: 3 },
  });
  expect(await store.getTemplate(b.id, 'note')).toMatchObject({ status: 'draft', draft: { revision: 1 } });
  expect(await store.getTemplate(b.id, 'card')).toBeNull();
  expect((await store.listPublishedRevisions(a.id, 'card')).map((r) => r.revision)).toEqual([3, 1]);
  expect((await store.getPublishedRevision(a.id, 'card', 1))?.content).toBe('<p>one</p>');
  expect(await store.getTemplateStamp(a.id, 'card')).toEqual({ accountId: a.id, version: 3 });

  // After it: b may use a's id, and the two stay apart; a's own id is still taken in a.
  const draft = {
    content: '<i>b</i>',
    variables: {},
    width: 1,
    height: 1,
    format: 'png' as const,
    quality: null,
  };
  await store.createTemplate({ id: 'card', accountId: b.id, name: 'b card', draft });
  await store.publishTemplate(b.id, 'card');
  expect((await store.listPublishedRevisions(a.id, 'card')).map((r) => r.revision)).toEqual([3, 1]);
  expect((await store.listPublishedRevisions(b.id, 'card')).map((r) => r.revision)).toEqual([1]);
  await expect(
    store.createTemplate({ id: 'card', accountId: a.id, name: 'again', draft }),
  ).rejects.toMatchObject({
    kind: 'conflict',
  });
  // Revisions still belong to their template: a revision of no template is refused.
  await expect(
    legacy
      .insertInto('template_revisions')
      .values({ account_id: b.id, template_id: 'none', revision: 1, content: '{}', published_at: 1 })
      .execute(),
  ).rejects.toThrow();
}
