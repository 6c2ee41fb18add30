/** URL keys of the embeddable image URLs: ids and owners only (the secrets are derived, never stored). */
import type { Kysely, Selectable } from 'kysely';
import { isForeignKeyViolation, StoreError } from './errors.js';
import { newId } from './ids.js';
import { toIso, toIsoOrNull } from './rows.js';
import type { Database, UrlKeysTable } from './schema.js';
import type { UrlKeyRecord } from './types.js';

function toUrlKey(row: Selectable<UrlKeysTable>): UrlKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    createdAt: toIso(row.created_at),
    revokedAt: toIsoOrNull(row.revoked_at),
  };
}

export async function createUrlKey(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
): Promise<UrlKeyRecord> {
  const row = { id: newId('uk'), account_id: accountId, created_at: now.getTime(), revoked_at: null };
  try {
    await db.insertInto('url_keys').values(row).execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new StoreError('not-found', `account "${accountId}" does not exist`, { cause: error });
    }
    throw error;
  }
  return toUrlKey(row);
}

export async function getUrlKey(db: Kysely<Database>, id: string): Promise<UrlKeyRecord | null> {
  const row = await db.selectFrom('url_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUrlKey(row) : null;
}

export async function listUrlKeys(db: Kysely<Database>, accountId: string): Promise<UrlKeyRecord[]> {
  const rows = await db
    .selectFrom('url_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toUrlKey);
}

/** Revoke at once (an already revoked key keeps its first revocation time); false when there is no such key. */
export async function revokeUrlKey(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  if (!(await getUrlKey(db, id))) return false;
  await db
    .updateTable('url_keys')
    .set({ revoked_at: now.getTime() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}
