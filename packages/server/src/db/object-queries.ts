/**
 * Stored-object bookkeeping: when each object's last link expires, and the safe removal of
 * expired ones. Removal deletes the row and runs the storage delete in ONE transaction, so a
 * render that links the object meanwhile (touchObject) waits for it and then sees the object
 * gone (and renders it again), or extended it first and the removal skips it.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * Extend or insert: the expiry only ever moves later. True when the row was already there and was extended (or
 * kept): then no removal of the object can have been under way, since a removal holds the row and this touch would
 * have waited and found it gone. False when the row had to be (re-)created, possibly right after a removal.
 */
export async function touchObject(db: Kysely<Database>, key: string, expiresAt: Date): Promise<boolean> {
  const ms = expiresAt.getTime();
  const extended = await db
    .updateTable('objects')
    .set({
      expires_at: sql<number>`case when expires_at < ${ms} then ${ms} else expires_at end`,
    })
    .where('key', '=', key)
    .returning('key')
    .executeTakeFirst();
  if (extended) return true;
  // A concurrent first link may insert it between the two statements: then extend theirs (and report "created").
  await db
    .insertInto('objects')
    .values({ key, expires_at: ms })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        expires_at: sql<number>`case when excluded.expires_at > objects.expires_at then excluded.expires_at else objects.expires_at end`,
      }),
    )
    .execute();
  return false;
}

export async function getObjectExpiry(db: Kysely<Database>, key: string): Promise<Date | null> {
  const row = await db.selectFrom('objects').select('expires_at').where('key', '=', key).executeTakeFirst();
  return row ? new Date(Number(row.expires_at)) : null;
}

/** Keys of objects expired before `before`, oldest first (read only). */
export async function listExpiredObjects(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('objects')
    .select('key')
    .where('expires_at', '<', before.getTime())
    .orderBy('expires_at', 'asc')
    .orderBy('key', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.key);
}

/** Delete and return up to `limit` expired rows in one statement (each key is returned to one caller only). */
export async function takeExpiredObjects(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('objects')
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('objects')
        .select('key')
        .where('expires_at', '<', before.getTime())
        .orderBy('expires_at', 'asc')
        .limit(limit),
    )
    .where('expires_at', '<', before.getTime())
    .returning('key')
    .execute();
  return rows.map((row) => row.key);
}

/**
 * If the object is still expired before `before`, delete its row and run `remove` (the storage
 * delete) inside the same transaction, holding the row (PostgreSQL) or the write lock (SQLite)
 * until `remove` is done. When `remove` throws, the row stays and the error is rethrown.
 * Returns false when the object was linked again or is already gone.
 */
export async function removeExpiredObject(
  db: Kysely<Database>,
  key: string,
  before: Date,
  remove: () => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('objects')
      .where('key', '=', key)
      .where('expires_at', '<', before.getTime())
      .returning('key')
      .executeTakeFirst();
    if (!row) return false;
    await remove();
    return true;
  });
}

/**
 * Claim the render of object `key` until `until`: true when this caller may render it (no claim, or only an expired
 * one), false while another caller's claim holds. One statement, atomic on SQLite and PostgreSQL.
 */
export async function claimRender(
  db: Kysely<Database>,
  key: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const claimed = await db
    .insertInto('render_claims')
    .values({ key, claimed_until: until.getTime() })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ claimed_until: until.getTime() })
        .where('render_claims.claimed_until', '<=', now.getTime()),
    )
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Give up a claim (the render finished or failed). */
export async function releaseRenderClaim(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('render_claims').where('key', '=', key).execute();
}
