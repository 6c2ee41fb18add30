/**
 * Store contract, part 7: studio sessions — used while live, refused once idle, too old, revoked or signed in with
 * another admin token.
 */
import { expect, it } from 'vitest';
import type { StudioSession, StudioSessionUse } from '../../src/db/types.js';
import { at, HOUR, type StoreContext, T0 } from './store-fixtures.js';

const FINGERPRINT = 'a'.repeat(32);

function session(idHash: string, accountId: string | null, keyId: string | null): StudioSession {
  return {
    idHash,
    accountId,
    keyId,
    csrfToken: `csrf-${idHash}`,
    createdAt: T0,
    expiresAt: at(HOUR),
    adminTokenFingerprint: accountId === null ? FINGERPRINT : null,
  };
}

/** A use at `ms` after T0 with a 12-hour lifetime and the admin token of FINGERPRINT, unless told otherwise. */
function use(ms: number, extra: Partial<StudioSessionUse> = {}): StudioSessionUse {
  return {
    now: at(ms),
    extendTo: at(ms + HOUR),
    signedInAfter: at(ms - 12 * HOUR),
    adminTokenFingerprint: FINGERPRINT,
    ...extra,
  };
}

/** Register these cases inside the driver's describe block. */
export function studioSessionCases(ctx: StoreContext): void {
  it('studio sessions: the idle deadline moves on use; idle, too old, revoked or another admin token ends one', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    const key = await store.createApiKey(account.id, 'f'.repeat(64), 'pk_abcdefgh');
    await store.createStudioSession(session('admin', null, null));
    await store.createStudioSession(session('key', account.id, key.id));

    const used = await store.useStudioSession('admin', use(30 * 60_000));
    expect(used).toMatchObject({ accountId: null, keyId: null, adminTokenFingerprint: FINGERPRINT });
    expect(used?.expiresAt).toEqual(at(90 * 60_000));
    expect(await store.useStudioSession('key', use(30 * 60_000))).toMatchObject({ keyId: key.id });

    // Another admin token: the admin session is refused, the key session is not.
    const rotated = use(HOUR, { adminTokenFingerprint: 'b'.repeat(32) });
    expect(await store.useStudioSession('admin', rotated)).toBeNull();
    expect(await store.useStudioSession('key', rotated)).not.toBeNull();

    // Past the absolute lifetime: over however recently used.
    const old = use(90 * 60_000, { signedInAfter: T0 });
    expect(await store.useStudioSession('key', old)).toBeNull();
    expect(await store.useStudioSession('admin', old)).toBeNull();
    expect(await store.useStudioSession('key', use(90 * 60_000))).not.toBeNull();

    await store.revokeApiKey(key.id);
    expect(await store.useStudioSession('key', use(100 * 60_000))).toBeNull();

    // Idle past its deadline (last used at 30 min, so until 90 min).
    expect(await store.useStudioSession('admin', use(91 * 60_000))).toBeNull();
    expect(await store.useStudioSession('missing', use(0))).toBeNull();
  });
}
