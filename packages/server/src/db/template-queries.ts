/**
 * Template queries. A template is addressed by its account and its id (ids are unique per account). Every change is
 * a read followed by an UPDATE conditional on the row's `version`, retried when a concurrent writer got there first
 * (optimistic concurrency, the same on SQLite and PostgreSQL, with no long write transaction).
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import { StoreError, isForeignKeyViolation, isUniqueViolation } from './errors.js';
import { newId } from './ids.js';
import { parseVersion, toIso, toTemplate } from './rows.js';
import type { Database, TemplatesTable } from './schema.js';
import type {
  DraftPatch,
  NewTemplate,
  PublishedRevision,
  TemplateRecord,
  TemplateStamp,
  TemplateVersion,
} from './types.js';

const MAX_UPDATE_ATTEMPTS = 50;

type TemplateRow = Selectable<TemplatesTable>;

/** Insert a template in status `draft` with draft revision 1. */
export async function createTemplate(
  db: Kysely<Database>,
  template: NewTemplate,
  now: Date,
): Promise<TemplateRecord> {
  const draft: TemplateVersion = { ...template.draft, revision: 1 };
  const row: TemplateRow = {
    id: template.id ?? newId('tpl'),
    account_id: template.accountId,
    name: template.name,
    status: 'draft',
    draft: JSON.stringify(draft),
    draft_discarded: 0,
    published: null,
    version: 1,
    created_at: now.getTime(),
    updated_at: now.getTime(),
  };
  try {
    await db.insertInto('templates').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new StoreError(
        'conflict',
        `template id "${row.id}" is already used by another template of this account: choose another id`,
        { cause: error },
      );
    }
    if (isForeignKeyViolation(error)) {
      throw new StoreError('not-found', `account "${row.account_id}" does not exist`, { cause: error });
    }
    throw error;
  }
  return toTemplate(row);
}

/** The row of template `id` of account `accountId`, or undefined. */
function readRow(db: Kysely<Database>, accountId: string, id: string): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function getTemplate(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<TemplateRecord | null> {
  const row = await readRow(db, accountId, id);
  return row ? toTemplate(row) : null;
}

/** Every account's template with this id (the admin addresses templates by id alone), oldest first. */
export async function findTemplates(db: Kysely<Database>, id: string): Promise<TemplateRecord[]> {
  const rows = await db
    .selectFrom('templates')
    .selectAll()
    .where('id', '=', id)
    .orderBy('created_at', 'asc')
    .orderBy('account_id', 'asc')
    .execute();
  return rows.map(toTemplate);
}

export async function getTemplateStamp(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<TemplateStamp | null> {
  const row = await db
    .selectFrom('templates')
    .select(['account_id', 'version'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { accountId: row.account_id, version: Number(row.version) } : null;
}

export async function listTemplates(db: Kysely<Database>, accountId?: string): Promise<TemplateRecord[]> {
  let query = db
    .selectFrom('templates')
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('account_id', 'asc')
    .orderBy('id', 'asc');
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  return (await query.execute()).map(toTemplate);
}

/** How many templates the account has (every status). */
export async function countTemplates(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Apply `change` to the current row and write it back if nobody changed the row meanwhile.
 * `change` returns the columns to set (version and updated_at are added here).
 */
async function updateTemplate(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  now: Date,
  change: (row: TemplateRow) => Updateable<TemplatesTable>,
): Promise<TemplateRecord | null> {
  for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
    const row = await readRow(db, accountId, id);
    if (!row) return null;
    const version = Number(row.version);
    const patch = { ...change(row), version: version + 1, updated_at: now.getTime() };
    const result = await db
      .updateTable('templates')
      .set(patch)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return toTemplate({ ...row, ...patch } as TemplateRow);
  }
  throw new Error(`template "${id}": gave up after ${MAX_UPDATE_ATTEMPTS} concurrent updates`);
}

/**
 * Edit the draft; bumps its revision. After a discard the new draft starts from the published
 * copy when there is one, else from the discarded draft.
 */
export function updateDraft(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  patch: DraftPatch,
  now: Date,
) {
  return updateTemplate(db, accountId, id, now, (row) => {
    const kept = parseVersion(row.draft);
    const base = Number(row.draft_discarded) === 1 && row.published ? parseVersion(row.published) : kept;
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const draft: TemplateVersion = { ...base, ...defined, revision: kept.revision + 1 };
    return { draft: JSON.stringify(draft), draft_discarded: 0 };
  });
}

/** Discard the draft: `draft` reads null until the next edit. */
export function discardDraft(db: Kysely<Database>, accountId: string, id: string, now: Date) {
  return updateTemplate(db, accountId, id, now, () => ({ draft_discarded: 1 }));
}

/**
 * Copy the draft to published and set status `published`, and record the published revision (kept for URLs that
 * pin it). Then only the newest `keepRevisions` published revisions are kept: older ones are deleted, never the one
 * published now. StoreError `conflict` when the draft was discarded.
 */
export async function publishTemplate(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  now: Date,
  keepRevisions: number = Number.POSITIVE_INFINITY,
): Promise<TemplateRecord | null> {
  const record = await updateTemplate(db, accountId, id, now, (row) => {
    if (Number(row.draft_discarded) === 1) {
      throw new StoreError(
        'conflict',
        `template "${id}" has no draft to publish: its draft was discarded; edit it first`,
      );
    }
    return { published: row.draft, status: 'published' };
  });
  if (record?.published) {
    // Publishing an unchanged draft again publishes the same revision: the first record of it stays.
    await db
      .insertInto('template_revisions')
      .values({
        account_id: accountId,
        template_id: id,
        revision: record.published.revision,
        content: JSON.stringify(record.published),
        published_at: now.getTime(),
      })
      .onConflict((oc) => oc.columns(['account_id', 'template_id', 'revision']).doNothing())
      .execute();
    await pruneRevisions(db, accountId, id, record.published.revision, keepRevisions);
  }
  return record;
}

/** Delete the template's published revisions older than its newest `keep`, never `current`. */
async function pruneRevisions(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  current: number,
  keep: number,
): Promise<void> {
  if (!Number.isFinite(keep)) return;
  const rows = await db
    .selectFrom('template_revisions')
    .select('revision')
    .where('account_id', '=', accountId)
    .where('template_id', '=', id)
    .orderBy('revision', 'desc')
    .execute();
  const old = rows
    .slice(Math.max(1, keep))
    .map((row) => Number(row.revision))
    .filter((revision) => revision !== current);
  if (old.length === 0) return;
  await db
    .deleteFrom('template_revisions')
    .where('account_id', '=', accountId)
    .where('template_id', '=', id)
    .where('revision', 'in', old)
    .execute();
}

/** A revision of the template as it was published, or null when that revision is not kept (or never published). */
export async function getPublishedRevision(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  revision: number,
): Promise<TemplateVersion | null> {
  const row = await db
    .selectFrom('template_revisions')
    .select('content')
    .where('account_id', '=', accountId)
    .where('template_id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row ? parseVersion(row.content) : null;
}

/** The template's kept published revisions, newest first. */
export async function listPublishedRevisions(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<PublishedRevision[]> {
  const rows = await db
    .selectFrom('template_revisions')
    .select(['revision', 'published_at'])
    .where('account_id', '=', accountId)
    .where('template_id', '=', id)
    .orderBy('revision', 'desc')
    .execute();
  return rows.map((row) => ({ revision: Number(row.revision), publishedAt: toIso(row.published_at) }));
}

/** Set status `unpublished` or `archived`; contents are kept. */
export function setTemplateStatus(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  status: 'unpublished' | 'archived',
  now: Date,
) {
  return updateTemplate(db, accountId, id, now, () => ({ status }));
}
