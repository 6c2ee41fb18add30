/** Studio sessions and the account list. */
import type { Kysely } from 'kysely';
import { toAccount } from './rows.js';
import type { Database } from './schema.js';
import type { Account, StudioSession, StudioSessionUse } from './types.js';

export async function createStudioSession(db: Kysely<Database>, session: StudioSession): Promise<void> {
  await db
    .insertInto('studio_sessions')
    .values({
      id_hash: session.idHash,
      account_id: session.accountId,
      key_id: session.keyId,
      csrf_token: session.csrfToken,
      created_at: session.createdAt.getTime(),
      expires_at: session.expiresAt.getTime(),
      admin_token_fingerprint: session.adminTokenFingerprint,
    })
    .execute();
}

/**
 * The session whose cookie hashes to `idHash` if it is still live under `use`, its deadline moved to `use.extendTo`
 * (one conditional update: an ended session is never revived).
 */
export async function useStudioSession(
  db: Kysely<Database>,
  idHash: string,
  use: StudioSessionUse,
): Promise<StudioSession | null> {
  const row = await db
    .updateTable('studio_sessions')
    .set({ expires_at: use.extendTo.getTime() })
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', use.now.getTime())
    .where('created_at', '>', use.signedInAfter.getTime())
    .where((eb) =>
      eb.or([
        // An admin session lasts while the admin token it signed in with is the current one.
        eb.and([eb('key_id', 'is', null), eb('admin_token_fingerprint', '=', use.adminTokenFingerprint)]),
        // A key revoked after sign-in ends its sessions at their next request.
        eb.exists(
          eb
            .selectFrom('api_keys')
            .select('api_keys.id')
            .whereRef('api_keys.id', '=', 'studio_sessions.key_id')
            .where('api_keys.revoked_at', 'is', null),
        ),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  return {
    idHash: row.id_hash,
    accountId: row.account_id,
    keyId: row.key_id,
    csrfToken: row.csrf_token,
    createdAt: new Date(Number(row.created_at)),
    expiresAt: new Date(Number(row.expires_at)),
    adminTokenFingerprint: row.admin_token_fingerprint,
  };
}

export async function deleteStudioSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('studio_sessions').where('id_hash', '=', idHash).execute();
}

export async function purgeStudioSessions(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('studio_sessions')
    .where('expires_at', '<=', before.getTime())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listAccounts(db: Kysely<Database>): Promise<Account[]> {
  const rows = await db
    .selectFrom('accounts')
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}
