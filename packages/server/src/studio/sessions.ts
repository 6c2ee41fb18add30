/**
 * Studio sign-in: an API key (that account only) or the admin token (every account) buys a server-side session
 * whose random id travels only in an HttpOnly cookie; the store keeps its SHA-256. Failed sign-ins are counted per
 * client address and refused once over the limit.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerLimits } from '../config.js';
import { tokenMatches } from '../data-dir.js';
import { apiError } from '../errors.js';
import { authenticateApiKey } from '../services/api-keys.js';
import { createHoldOff, type WindowCounter } from '../services/window-counter.js';
import type { Store, StudioSession } from '../db/types.js';

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
}

/** How to sign in: exactly one of the two. */
export interface SignInBody {
  apiKey?: string;
  adminToken?: string;
}

export interface StudioSessions {
  /**
   * Check the credentials and open a session.
   * @throws ApiError UNAUTHORIZED (wrong key or token), RATE_LIMITED (too many failures from `clientAddress`)
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

/** Create the service. `failures` counts failed sign-ins per client address. */
export function createStudioSessions(deps: {
  store: Store;
  adminTokenHash: Buffer;
  limits: ServerLimits;
  failures: WindowCounter;
  now: () => number;
}): StudioSessions {
  const { store, limits } = deps;
  const idleMs = limits.studioIdleSeconds * 1000;
  const failures = createHoldOff(deps.failures, deps.now);
  const failureKey = (address: string) => `studio-sign-in:${address}`;

  function refuseIfBlocked(address: string): void {
    const seconds = failures.remaining(failureKey(address));
    if (seconds === undefined) return;
    throw apiError('RATE_LIMITED', `sign-in: too many failed attempts; retry after ${seconds} s`, {
      'retry-after': String(seconds),
    });
  }

  async function failed(address: string, message: string): Promise<never> {
    await failures.record(failureKey(address));
    refuseIfBlocked(address);
    throw apiError('UNAUTHORIZED', message);
  }

  async function who(
    body: SignInBody,
    address: string,
  ): Promise<{ accountId: string | null; keyId: string | null }> {
    const given = [body.apiKey, body.adminToken].filter((v) => v !== undefined);
    if (given.length !== 1) {
      throw apiError('INVALID_PARAMETER', 'body: give exactly one of apiKey and adminToken');
    }
    if (body.adminToken !== undefined) {
      if (!tokenMatches(body.adminToken, deps.adminTokenHash))
        return failed(address, 'adminToken: wrong admin token');
      return { accountId: null, keyId: null };
    }
    const record = await authenticateApiKey(store, body.apiKey);
    if (!record) return failed(address, 'apiKey: unknown, revoked or malformed key');
    return { accountId: record.accountId, keyId: record.id };
  }

  return {
    async signIn(body, address) {
      refuseIfBlocked(address);
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
      };
      await store.createStudioSession(session);
      return { cookieValue, session };
    },
    async resume(cookieValue) {
      if (!cookieValue || cookieValue.length > 128) return null;
      const time = deps.now();
      return store.useStudioSession(sha256(cookieValue), new Date(time), new Date(time + idleMs));
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
      };
    },
  };
}
