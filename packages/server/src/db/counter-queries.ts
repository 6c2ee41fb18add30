/** Rate-limit windows and leases shared by every process on the database: one atomic statement each. */
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';
import type { WindowCount } from './types.js';

/**
 * Count one action of `key` in its fixed window of `windowMs`: a window that ended by `now` starts again at `now`.
 * One upsert: concurrent callers on any number of processes each get a distinct count.
 */
export async function countInWindow(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowMs: number,
): Promise<WindowCount> {
  const nowMs = now.getTime();
  const expired = sql<boolean>`rate_windows.window_start + ${windowMs} <= ${nowMs}`;
  const row = await db
    .insertInto('rate_windows')
    .values({ key, window_start: nowMs, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_windows.count + 1 end`,
        window_start: sql<number>`case when ${expired} then ${nowMs} else rate_windows.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetsAt: new Date(Number(row.window_start) + windowMs) };
}

/** Forget windows that started before `before` (housekeeping); returns how many. */
export async function purgeRateWindows(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_windows')
    .where('window_start', '<', before.getTime())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Take or renew lease `name` for `holder` until `until`: true when it is now `holder`'s (free, expired or its own). */
export async function acquireLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name, holder, until: until.getTime() })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, until: until.getTime() })
        .where((eb) => eb.or([eb('leases.until', '<=', now.getTime()), eb('leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row !== undefined;
}

/** Give lease `name` up if `holder` has it. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
