/**
 * Studio sign-in: an API key (that account only) or the admin token (every account) buys a server-side session
 * whose random id travels only in an HttpOnly cookie; the store keeps its SHA-256. Failed sign-ins are limited per
 * client and credential (services/sign-in-limits.ts). A session ends after the idle time, at its absolute lifetime,
 * at sign-out, when its key is revoked, or (admin) when the admin token is replaced.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerLimits } from '../config.js';
import { tokenMatches } from '../data-dir.js';
import { apiError } from '../errors.js';
import { authenticateApiKey } from '../services/api-keys.js';
import { credentialName, type SignInLimits } from '../services/sign-in-limits.js';
import type { Store, StudioSession } from '../db/types.js';
import type { SignInBody } from '../schemas/studio.js';

/** What the page is told about who is signed in. */
export interface StudioIdentity {
  kind: 'account' | 'admin';
  /** The account of a key session; null for the admin. */
  accountId: string | null;
  accountName: string | null;
  /** Sent back in `X-CSRF-Token` with every change. */
  csrfToken: string;
  /** Seconds without a request after which the session ends. */
  idleSeconds: number;
  /** When the session ends however it is used (its absolute lifetime), ISO 8601. */
  endsAt: string;
  /** The largest width or height a template may have (`PICTOR_MAX_DIMENSION`): the studio's size fields follow it. */
  maxDimension: number;
}

/** How to sign in: exactly one of the two. */
export type { SignInBody };

export interface StudioSessions {
  /**
   * Check the credentials and open a session.
   * @throws ApiError UNAUTHORIZED (wrong key or token), RATE_LIMITED (`clientAddress` failed too often with the
   * credential given)
   */
  signIn(body: SignInBody, clientAddress: string): Promise<{ cookieValue: string; session: StudioSession }>;
  /** The live session of a cookie value (its idle deadline moved on), or null. */
  resume(cookieValue: string | undefined): Promise<StudioSession | null>;
  signOut(session: StudioSession): Promise<void>;
  identity(session: StudioSession): Promise<StudioIdentity>;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** True when `given` is the session's CSRF token (compared in constant time). */
export function csrfMatches(session: StudioSession, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A fingerprint of the admin token for admin sessions to keep: an HMAC of its hash under the signing secret, so a
 * copy of the database gives nothing to test guesses of the token against.
 */
function adminTokenFingerprint(adminTokenHash: Buffer, signingSecret: string): string {
  return createHmac('sha256', signingSecret)
    .update('pictor studio admin session\0')
    .update(adminTokenHash)
    .digest('hex')
    .slice(0, 32);
}

/** Create the service; `signInLimits` counts failed sign-ins (shared with the admin API's token check). */
export function createStudioSessions(deps: {
  store: Store;
  adminTokenHash: Buffer;
  /** Key of the admin token's fingerprint. */
  signingSecret: string;
  limits: ServerLimits;
  signInLimits: SignInLimits;
  now: () => number;
}): StudioSessions {
  const { store, limits, signInLimits } = deps;
  const idleMs = limits.studioIdleSeconds * 1000;
  const maxAgeMs = limits.studioSessionMaxAgeSeconds * 1000;
  const fingerprint = adminTokenFingerprint(deps.adminTokenHash, deps.signingSecret);

  async function who(
    body: SignInBody,
    address: string,
  ): Promise<{ accountId: string | null; keyId: string | null }> {
    const given = [body.apiKey, body.adminToken].filter((v) => v !== undefined);
    if (given.length !== 1) {
      throw apiError('INVALID_PARAMETER', 'body: give exactly one of apiKey and adminToken');
    }
    const credential = credentialName(body);
    signInLimits.check(address, credential);
    if (body.adminToken !== undefined) {
      if (!tokenMatches(body.adminToken, deps.adminTokenHash)) {
        return signInLimits.failed(address, credential, 'adminToken: wrong admin token');
      }
      return { accountId: null, keyId: null };
    }
    const record = await authenticateApiKey(store, body.apiKey);
    if (!record) {
      return signInLimits.failed(address, credential, 'apiKey: unknown, revoked or malformed key');
    }
    return { accountId: record.accountId, keyId: record.id };
  }

  return {
    async signIn(body, address) {
      const { accountId, keyId } = await who(body, address);
      const cookieValue = randomBytes(32).toString('base64url');
      const time = deps.now();
      const session: StudioSession = {
        idHash: sha256(cookieValue),
        accountId,
        keyId,
        csrfToken: randomBytes(32).toString('base64url'),
        createdAt: new Date(time),
        expiresAt: new Date(time + idleMs),
        adminTokenFingerprint: accountId === null ? fingerprint : null,
      };
      await store.createStudioSession(session);
      return { cookieValue, session };
    },
    async resume(cookieValue) {
      if (!cookieValue || cookieValue.length > 128) return null;
      const time = deps.now();
      return store.useStudioSession(sha256(cookieValue), {
        now: new Date(time),
        extendTo: new Date(time + idleMs),
        signedInAfter: new Date(time - maxAgeMs),
        adminTokenFingerprint: fingerprint,
      });
    },
    signOut: (session) => store.deleteStudioSession(session.idHash),
    async identity(session) {
      const account = session.accountId === null ? null : await store.getAccount(session.accountId);
      return {
        kind: session.accountId === null ? 'admin' : 'account',
        accountId: session.accountId,
        accountName: account?.name ?? null,
        csrfToken: session.csrfToken,
        idleSeconds: limits.studioIdleSeconds,
        endsAt: new Date(session.createdAt.getTime() + maxAgeMs).toISOString(),
        maxDimension: limits.maxDimension,
      };
    },
  };
}
