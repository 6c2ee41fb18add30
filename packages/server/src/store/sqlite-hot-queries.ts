/**
 * The store calls every render makes (key lookup, template stamp, reserve, object touch, commit or release), run
 * on SQLite as prepared statements in synchronous transactions. Through Kysely each call builds its query, awaits
 * the driver's connection lock and issues BEGIN and COMMIT as statements of their own: about 0.5 ms of the event
 * loop per render (profiled; the SQL itself is the same). The statements here are those of the Kysely versions in
 * quota-queries.ts, object-queries.ts, template-queries.ts and kysely-store.ts, which stay the ones PostgreSQL uses.
 */
import type SqliteDatabase from 'better-sqlite3';
import { newId } from './ids.js';
import { toApiKey } from './rows.js';
import type { ApiKeysTable } from './schema.js';
import type { Reservation, StoredApiKey, TemplateStamp } from './types.js';

/** Prepared statements of the render path, bound to one open database. */
export class SqliteHotQueries {
  readonly #database: SqliteDatabase.Database;
  readonly #activeKey: SqliteDatabase.Statement<[string]>;
  readonly #templateStamp: SqliteDatabase.Statement<[string]>;
  readonly #takeUnit: SqliteDatabase.Statement<[string, number]>;
  readonly #insertReservation: SqliteDatabase.Statement<[string, string, string, number, number]>;
  readonly #finishReservation: SqliteDatabase.Statement<[string, string]>;
  readonly #countRender: SqliteDatabase.Statement<[string]>;
  readonly #returnUnit: SqliteDatabase.Statement<[string]>;
  readonly #extendObject: SqliteDatabase.Statement<[number, number, string]>;
  readonly #insertObject: SqliteDatabase.Statement<[string, number]>;
  readonly #reserve: (accountId: string, nowMs: number, holdUntilMs: number) => Reservation | null;
  readonly #commit: (reservationId: string) => void;
  readonly #release: (reservationId: string) => boolean;
  readonly #touch: (key: string, expiresAtMs: number) => boolean;

  constructor(database: SqliteDatabase.Database) {
    this.#database = database;
    this.#activeKey = database.prepare('select * from api_keys where hash = ? and revoked_at is null');
    this.#templateStamp = database.prepare('select account_id, version from templates where id = ?');
    // The package that expires first among those with units left; the update is conditional, so never below 0.
    this.#takeUnit = database.prepare(
      `update packages set remaining = remaining - 1 where remaining > 0 and id = (
         select id from packages where account_id = ? and remaining > 0 and expires_at > ?
         order by expires_at asc, id asc limit 1)
       returning id`,
    );
    this.#insertReservation = database.prepare(
      `insert into reservations (id, package_id, account_id, hold_until, state, created_at)
       values (?, ?, ?, ?, 'held', ?)`,
    );
    this.#finishReservation = database.prepare(
      `update reservations set state = ? where id = ? and state = 'held' returning account_id, package_id`,
    );
    this.#countRender = database.prepare('update accounts set renders_done = renders_done + 1 where id = ?');
    this.#returnUnit = database.prepare('update packages set remaining = remaining + 1 where id = ?');
    this.#extendObject = database.prepare(
      `update objects set expires_at = case when expires_at < ? then ? else expires_at end where key = ?
       returning key`,
    );
    this.#insertObject = database.prepare(
      `insert into objects (key, expires_at) values (?, ?) on conflict (key) do update set expires_at =
         case when excluded.expires_at > objects.expires_at then excluded.expires_at else objects.expires_at end`,
    );
    // IMMEDIATE: take the write lock at BEGIN, so another process's writer makes this wait (busy_timeout) instead
    // of failing when a read turns into a write.
    this.#reserve = database.transaction((accountId: string, nowMs: number, holdUntilMs: number) => {
      const taken = this.#takeUnit.get(accountId, nowMs) as { id: string } | undefined;
      if (!taken) return null;
      const reservation: Reservation = { id: newId('res'), accountId, packageId: taken.id };
      this.#insertReservation.run(reservation.id, taken.id, accountId, holdUntilMs, nowMs);
      return reservation;
    }).immediate;
    this.#commit = database.transaction((reservationId: string) => {
      const row = this.#finishReservation.get('committed', reservationId) as
        | { account_id: string }
        | undefined;
      if (row) this.#countRender.run(row.account_id);
    }).immediate;
    this.#release = database.transaction((reservationId: string) => {
      const row = this.#finishReservation.get('released', reservationId) as
        | { package_id: string }
        | undefined;
      if (row) this.#returnUnit.run(row.package_id);
      return row !== undefined;
    }).immediate;
    this.#touch = database.transaction((key: string, expiresAtMs: number) => {
      if (this.#extendObject.get(expiresAtMs, expiresAtMs, key)) return true;
      this.#insertObject.run(key, expiresAtMs);
      return false;
    }).immediate;
  }

  /**
   * False while a Kysely transaction is open on the connection (an admin change, the janitor's removal): a
   * statement run now would join that transaction, so the caller takes the Kysely path, which waits for it.
   */
  get available(): boolean {
    return !this.#database.inTransaction;
  }

  findActiveApiKey(secretHash: string): StoredApiKey | null {
    const row = this.#activeKey.get(secretHash) as ApiKeysTable | undefined;
    return row ? { ...toApiKey(row), secretHash: row.hash } : null;
  }

  getTemplateStamp(id: string): TemplateStamp | null {
    const row = this.#templateStamp.get(id) as { account_id: string; version: number } | undefined;
    return row ? { accountId: row.account_id, version: Number(row.version) } : null;
  }

  reserveUnit(accountId: string, now: Date, holdUntil: Date): Reservation | null {
    return this.#reserve(accountId, now.getTime(), holdUntil.getTime());
  }

  commitReservation(reservationId: string): void {
    this.#commit(reservationId);
  }

  releaseReservation(reservationId: string): boolean {
    return this.#release(reservationId);
  }

  touchObject(key: string, expiresAt: Date): boolean {
    return this.#touch(key, expiresAt.getTime());
  }
}
