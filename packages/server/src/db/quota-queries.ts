/**
 * Quota queries: reserve one unit, commit or release it, recover abandoned reservations.
 * Correct under concurrent writers in one process (SQLite) and many processes (PostgreSQL).
 */
import type { Kysely, Transaction } from 'kysely';
import { newId } from './ids.js';
import type { Database } from './schema.js';
import type { Reservation } from './types.js';

/** How often reserveUnit retries when a concurrent writer took the last unit of its candidate package. */
const MAX_RESERVE_ATTEMPTS = 100;

/**
 * Take one unit from the account's package that expires first among those with units left and
 * not expired, and record a held reservation, in one transaction.
 *
 * The UPDATE is conditional (`remaining > 0`), so the count can never go below zero. On
 * PostgreSQL (READ COMMITTED) a concurrent writer may have taken the candidate's last unit
 * after our subquery chose it: the UPDATE then matches no row and we try again while some
 * candidate exists. On SQLite the UPDATE takes the database write lock first, so there is no race.
 */
export async function reserveUnit(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  holdUntil: Date,
): Promise<Reservation | null> {
  const nowMs = now.getTime();
  for (let attempt = 0; attempt < MAX_RESERVE_ATTEMPTS; attempt++) {
    const outcome = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('packages')
        .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
        .where('remaining', '>', 0)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('packages')
            .select('id')
            .where('account_id', '=', accountId)
            .where('remaining', '>', 0)
            .where('expires_at', '>', nowMs)
            .orderBy('expires_at', 'asc')
            .orderBy('id', 'asc')
            .limit(1),
        )
        .returning(['id'])
        .executeTakeFirst();
      if (!taken) {
        const candidate = await trx
          .selectFrom('packages')
          .select('id')
          .where('account_id', '=', accountId)
          .where('remaining', '>', 0)
          .where('expires_at', '>', nowMs)
          .limit(1)
          .executeTakeFirst();
        return candidate ? 'retry' : 'none';
      }
      const reservation: Reservation = { id: newId('res'), accountId, packageId: taken.id };
      await trx
        .insertInto('reservations')
        .values({
          id: reservation.id,
          package_id: reservation.packageId,
          account_id: accountId,
          hold_until: holdUntil.getTime(),
          state: 'held',
          created_at: nowMs,
        })
        .execute();
      return reservation;
    });
    if (outcome === 'none') return null;
    if (outcome !== 'retry') return outcome;
  }
  throw new Error(`reserveUnit: gave up after ${MAX_RESERVE_ATTEMPTS} attempts under contention`);
}

/** In `trx`: mark a held reservation committed and count a render done. False when it was not held. */
export async function commitHeld(trx: Transaction<Database>, reservationId: string): Promise<boolean> {
  const row = await trx
    .updateTable('reservations')
    .set({ state: 'committed' })
    .where('id', '=', reservationId)
    .where('state', '=', 'held')
    .returning(['account_id'])
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable('accounts')
    .set((eb) => ({ renders_done: eb('renders_done', '+', 1) }))
    .where('id', '=', row.account_id)
    .execute();
  return true;
}

/** In `trx`: give a held reservation's unit back to its package. False when it was not held (already done). */
export async function releaseHeld(trx: Transaction<Database>, reservationId: string): Promise<boolean> {
  const row = await trx
    .updateTable('reservations')
    .set({ state: 'released' })
    .where('id', '=', reservationId)
    .where('state', '=', 'held')
    .returning(['package_id'])
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable('packages')
    .set((eb) => ({ remaining: eb('remaining', '+', 1) }))
    .where('id', '=', row.package_id)
    .execute();
  return true;
}

/** Mark a held reservation committed and count a render done. Does nothing unless it is still held. */
export async function commitReservation(db: Kysely<Database>, reservationId: string): Promise<void> {
  await db.transaction().execute((trx) => commitHeld(trx, reservationId));
}

/** Give a held reservation's unit back to its package. Returns false when it was not held (already done). */
export async function releaseReservation(db: Kysely<Database>, reservationId: string): Promise<boolean> {
  return db.transaction().execute((trx) => releaseHeld(trx, reservationId));
}

/** Units of `accountId` held right now by renders in progress (reservations held and not expired at `now`). */
export async function countHeldUnits(db: Kysely<Database>, accountId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<string | number>().as('held'))
    .where('account_id', '=', accountId)
    .where('state', '=', 'held')
    .where('hold_until', '>=', now.getTime())
    .executeTakeFirst();
  return Number(row?.held ?? 0);
}

/** Release every held reservation whose hold ended before `now`, in batches; returns how many this call released. */
export async function releaseExpiredReservations(
  db: Kysely<Database>,
  now: Date,
  batch = 500,
): Promise<number> {
  let released = 0;
  for (;;) {
    const rows = await db
      .selectFrom('reservations')
      .select('id')
      .where('state', '=', 'held')
      .where('hold_until', '<', now.getTime())
      .limit(batch)
      .execute();
    for (const row of rows) {
      if (await releaseReservation(db, row.id)) released++;
    }
    if (rows.length < batch) return released;
  }
}

/** Delete up to `limit` finished (committed or released) reservations created before `before`. */
export async function purgeFinishedReservations(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('reservations')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('reservations')
        .select('id')
        .where('state', '<>', 'held')
        .where('created_at', '<', before.getTime())
        .limit(limit),
    )
    .where('state', '<>', 'held')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
